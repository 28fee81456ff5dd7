import type { FastifyInstance } from 'fastify';
import { isGone, redirectFor } from '../services/seo/redirects';

// What a missing address answers (docs/seo.md): a 301 to where it moved, 410 for trashed content, else a 404
// page that helps the visitor on (site search, popular pages, the store finder), with its status kept.

export type MissingOutcome = { redirect: string } | { status: 404 | 410 };

export async function missingOutcome(app: FastifyInstance, url: string): Promise<MissingOutcome> {
  if (url.length > 1000 || !url.startsWith('/') || url.startsWith('//')) return { status: 404 };
  const rawPath = url.split('?')[0];
  // The query stays as sent (percent-encoded): decoded, a %0d%0a in it would be a line break in the Location header.
  const query = url.slice(rawPath.length);
  let path: string;
  try {
    path = decodeURI(rawPath);
  } catch {
    return { status: 404 };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return { status: 404 };
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const to = await redirectFor(app.db.kysely, trimmed + query);
  if (to) return { redirect: to };
  return { status: (await isGone(app.db.kysely, trimmed)) ? 410 : 404 };
}

const POPULAR: Array<[string, string]> = [
  ['/circulars/weekly-ad', 'This week’s ad'],
  ['/shop', 'Shop groceries'],
  ['/recipes', 'Recipes'],
  ['/catering', 'Catering'],
  ['/contact', 'Contact us'],
];

export function MissingPage({ status }: { status: 404 | 410 }) {
  return (
    <section className="wrap error-page__body not-found">
      <h1>{status === 410 ? 'This page has been removed' : 'Page not found'}</h1>
      <p>
        {status === 410
          ? 'What was here is no longer available. These may help you find what you were after.'
          : 'We couldn’t find that page. It may have moved, or the link may be mistyped.'}
      </p>
      <form className="not-found__search" role="search" aria-label="Search the site" action="/search" method="get">
        <label htmlFor="not-found-search">Search products and recipes</label>{' '}
        <input id="not-found-search" type="search" name="s" maxLength={200} /> <button type="submit">Search</button>
      </form>
      <h2>Popular pages</h2>
      <ul className="not-found__links">
        {POPULAR.map(([href, label]) => (
          <li key={href}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
      <p>
        <a className="button" href="/store/store-locator">
          Find a store near you
        </a>{' '}
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}
