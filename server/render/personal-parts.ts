import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../core/security/escape-html';
import { nonceFor, type Visitor } from '../auth/visitor';
import type { User } from '../services/users';
import { scriptJson, siteConfigUser } from './site-config';

// The parts of a signed-in page that belong to one visitor alone: the greeting, the user in the site config
// and the REST nonce. A signed-in page is rendered once per audience (store, user groups, roles: everything
// else it shows) with a marker in place of each part, kept as a template, and each request fills in its own
// visitor's parts. The markers are random per process, so no stored content can hold one.

const marker = randomBytes(9).toString('hex');
export const PERSONAL = {
  /** The greeting's first name (HTML text). */
  name: `hlp${marker}name`,
  /** The site config's `user` object: a JSON string that the filled object replaces, quotes and all. */
  user: `hlp${marker}user`,
  /** The site config's REST nonce (a JSON string value). */
  nonce: `hlp${marker}nonce`,
} as const;

/** The name the header greets a signed-in visitor with. */
export const firstName = (user: Pick<User, 'name'>): string => user.name.split(' ')[0];

/** What a signed-in page's shared render depends on besides the anonymous key: groups and roles. */
export function audienceKey(user: User): string {
  const sorted = (values: Array<number | string>) => [...values].map(String).sort().join(',');
  return `u:${sorted(user.segment_ids)}:${sorted(user.roles)}`;
}

/** The template's `user` and `nonce` site-config fields as markers, for a JSON serialisation of the config. */
export function withPersonalMarkers<C extends object>(config: C): C & { user: string; nonce: string } {
  return { ...config, user: PERSONAL.user, nonce: PERSONAL.nonce };
}

/** A page rendered with markers, cut at each marker once, so that filling it is a join, not a search. */
export interface PersonalTemplate {
  /** Text and markers alternate: the even entries are text, the odd ones markers. */
  pieces: string[];
}

const markers = new RegExp(`("${PERSONAL.user}"|${PERSONAL.name}|${PERSONAL.nonce})`);

export function personalTemplate(html: string): PersonalTemplate {
  return { pieces: html.split(markers) };
}

/** The page of this visitor: the template with each marker replaced by this visitor's own part. */
export function fillPersonal(
  app: FastifyInstance,
  template: PersonalTemplate,
  visitor: Visitor & { user: User },
  /** Whose nonce the page carries when it is not the visitor shown (a preview as a simulated shopper). */
  nonceVisitor: Visitor = visitor,
): string {
  const parts: Record<string, string> = {
    [PERSONAL.name]: escapeHtml(firstName(visitor.user)),
    [`"${PERSONAL.user}"`]: scriptJson(siteConfigUser(visitor)),
    [PERSONAL.nonce]: nonceFor(app.nonceSecret, nonceVisitor),
  };
  const { pieces } = template;
  let html = '';
  for (let i = 0; i < pieces.length; i++) html += i % 2 ? parts[pieces[i]] : pieces[i];
  return html;
}
