// Link actions: an href of the form
//   #elementor-action:action=<name>&settings=<base64 of a JSON object>
// e.g. #elementor-action:action=popup:open&settings=eyJpZCI6IjUwIn0= ({"id":"50"}).
// Actions: popup:open, popup:close, off_canvas:open, off_canvas:close, off_canvas:toggle, reload_page.

export const ACTION_PREFIX = '#elementor-action:';

export type LinkAction =
  | { action: 'popup:open'; id: string; toggle: boolean }
  | { action: 'popup:close'; doNotShowAgain: boolean }
  | { action: 'off_canvas:open' | 'off_canvas:toggle'; id: string }
  | { action: 'off_canvas:close'; id?: string }
  | { action: 'reload_page' };

function decodeBase64(value: string): string | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeActionHref(action: string, settings: Record<string, unknown> = {}): string {
  const bytes = new TextEncoder().encode(JSON.stringify(settings));
  return `${ACTION_PREFIX}action=${encodeURIComponent(action)}&settings=${encodeURIComponent(btoa(String.fromCharCode(...bytes)))}`;
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : typeof v === 'number' && Number.isInteger(v) ? String(v) : null;

/**
 * The query part of an action href. The page builder writes it percent-encoded as a whole
 * (`#elementor-action%3Aaction%3Dpopup%3Aopen%26settings%3D…`), so that form is decoded once first.
 */
function actionQuery(href: string): string | null {
  const at = href.indexOf('#elementor-action');
  if (at < 0) return null;
  let rest = href.slice(at + '#elementor-action'.length);
  if (/^%3a/i.test(rest)) {
    try {
      rest = decodeURIComponent(rest);
    } catch {
      return null;
    }
  }
  return rest.startsWith(':') ? rest.slice(1) : null;
}

/** Parses an action href (plain or percent-encoded); null for anything that is not a well-formed known action. */
export function parseActionHref(href: string): LinkAction | null {
  const query = actionQuery(href);
  if (query === null) return null;
  const params = new URLSearchParams(query);
  const action = params.get('action');
  let settings: Record<string, unknown> = {};
  const raw = params.get('settings');
  if (raw) {
    const json = decodeBase64(raw);
    if (json === null) return null;
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      settings = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  switch (action) {
    case 'popup:open': {
      const id = idOf(settings.id);
      return id ? { action, id, toggle: settings.toggle === true || settings.toggle === 'yes' } : null;
    }
    case 'popup:close':
      return { action, doNotShowAgain: settings.do_not_show_again === true || settings.do_not_show_again === 'yes' };
    case 'off_canvas:open':
    case 'off_canvas:toggle': {
      const id = idOf(settings.id);
      return id ? { action, id } : null;
    }
    case 'off_canvas:close': {
      const id = idOf(settings.id);
      return id ? { action, id } : { action };
    }
    case 'reload_page':
      return { action };
    default:
      return null;
  }
}
