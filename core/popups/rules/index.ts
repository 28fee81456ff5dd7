import { optionsOf, type Rule, type RuleContext, type RuleResult } from '../types';
import { browsers } from './browsers';
import { devices } from './devices';
import { loggedIn } from './logged-in';
import { pageViews } from './page-views';
import { schedule } from './schedule';
import { sessions } from './sessions';
import { sources } from './sources';
import { stores } from './stores';
import { times } from './times';
import { url } from './url';
import { userGroups } from './user-groups';

/** Every timing rule by its settings name, in the order they are checked and explained. */
export const RULES: Record<string, Rule> = {
  page_views: pageViews,
  sessions,
  url,
  sources,
  logged_in: loggedIn,
  devices,
  browsers,
  times,
  schedule,
  stores,
  user_groups: userGroups,
};

export interface NamedRuleResult extends RuleResult {
  name: string;
}

/** Runs every rule switched on in `timing` ('yes'); the popup may show only when all pass. */
export function checkTiming(timing: Record<string, unknown> | undefined, ctx: RuleContext): NamedRuleResult[] {
  const out: NamedRuleResult[] = [];
  for (const [name, rule] of Object.entries(RULES)) {
    if (timing?.[name] !== 'yes') continue;
    out.push({ name, ...rule(optionsOf(timing, name), ctx) });
  }
  return out;
}
