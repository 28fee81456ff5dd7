// The document types the documents screen creates (POST …/documents); headers, footers and global widgets are made
// elsewhere. Which of them a role may create is core/wire/editorial.ts, creatableTypes (docs/editor.md).

export const CREATABLE_TYPES = ['page', 'popup', 'loop-item', 'template', 'theme'] as const;
export type CreatableType = (typeof CREATABLE_TYPES)[number];
