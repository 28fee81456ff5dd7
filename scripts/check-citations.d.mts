export const CITATION: RegExp;
export function citationsIn(text: string): string[];
export function sourceFiles(root: string, dir?: string): string[];
export function checkCitations(root: string): { path: string; lines: string[] }[];
