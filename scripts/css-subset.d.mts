export interface CssRuleEntry {
  css?: string;
  any?: string[];
  with?: string[];
  at?: string;
  rules?: CssRuleEntry[];
}
export function sections(file: string, text: string): Array<{ text: string; keys: string[] | null }>;
export function rulesOf(css: string, keys: string[] | null): CssRuleEntry[];
export function moduleClosure(entry: string): string[];
export function vocabulary(files: string[], classes: Set<string>): string[];
export function classNames(rules: CssRuleEntry[]): Set<string>;
