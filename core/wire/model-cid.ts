// In edit mode every element carries data-model-cid, the editor's client id of its model. Ours is
// derived from the element id (stable across re-renders, distinct from data-id so the two are never
// confused), and only edit mode renders it: visitors' markup stays as published.

export const modelCidOf = (elementId: string): string => `c${elementId}`;
