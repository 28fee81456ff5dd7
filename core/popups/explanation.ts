import type { NamedRuleResult } from './rules';

/** Why a popup did or did not show: each rule with its compared value, and the trigger that fired. */
export interface PopupExplanation {
  id: string;
  title: string;
  status: 'waiting' | 'shown' | 'closed' | 'blocked' | 'disabled' | 'no-trigger' | 'avoided';
  reason: string;
  rules: NamedRuleResult[];
  triggers: string[];
  fired: { trigger: string; detail: string } | null;
  impressions: number;
}

/** A one-line summary per rule, for the console and the preview panel. */
export function describeRule(r: NamedRuleResult): string {
  return `${r.pass ? 'pass' : 'fail'} ${r.name}: ${r.value} (expected ${r.expected})`;
}
