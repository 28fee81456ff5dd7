// What a click on a taxonomy-filter term does to the selected terms (shared by the server, which renders
// each term as a link to the resulting address, and the runtime, which intercepts the click).

/** Single selection: the term alone, or nothing when it was already selected. Multiple: toggles it. */
export function toggleTerm(selected: string[], term: string, multiple: boolean): string[] {
  const isSelected = selected.includes(term);
  if (!multiple) return isSelected && selected.length === 1 ? [] : [term];
  return isSelected ? selected.filter((t) => t !== term) : [...selected, term];
}
