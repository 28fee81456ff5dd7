import { refreshLoop as refreshLoopEndpoint } from '../api/content';
import { urlOf } from '../api/endpoint';
import { http } from '../http';
import type { ConsolidatedFilters } from './types';

// The loop refresh (docs/api.md): POST /wp-json/elementor-pro/v1/refresh-loop with a JSON body; the answer's `data` is the new markup.
// A non-OK answer, a status of 400 or more, or a network failure count as an empty result (content kept).

export interface RefreshLoopRequest {
  postId: number;
  widgetId: string;
  widgetFilters: ConsolidatedFilters;
  paginationBaseUrl: string;
  /** Edit mode: the widget's current settings (sent as the editor, with core/http.ts's current nonce). */
  edit?: { widgetModel: Record<string, unknown> };
  signal?: AbortSignal;
}

export interface RefreshLoopBody {
  post_id: number;
  widget_filters: ConsolidatedFilters;
  widget_id: string;
  pagination_base_url: string;
  widget_model?: Record<string, unknown>;
  is_edit_mode?: boolean;
}

export function refreshLoopBody(req: RefreshLoopRequest): RefreshLoopBody {
  const body: RefreshLoopBody = {
    post_id: req.postId,
    widget_filters: req.widgetFilters,
    widget_id: req.widgetId,
    pagination_base_url: req.paginationBaseUrl,
  };
  if (req.edit) {
    body.widget_model = req.edit.widgetModel;
    body.is_edit_mode = true;
  }
  return body;
}

/** The markup for the widget, or '' when the call failed in any way. */
export async function refreshLoop(req: RefreshLoopRequest, fetchImpl: typeof fetch = fetch): Promise<string> {
  const url = urlOf(refreshLoopEndpoint);
  // The editor's preview runs as the editor: through the one client, which sends the current nonce and renews a
  // stale one (the editor signed in again in another tab). A visitor's refresh is an anonymous read (no nonce).
  if (req.edit) {
    try {
      const json = await http<{ data?: unknown }>(url, {
        method: 'POST',
        body: refreshLoopBody(req),
        signal: req.signal,
        fetch: fetchImpl,
      });
      return typeof json?.data === 'string' ? json.data : '';
    } catch {
      return '';
    }
  }
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(refreshLoopBody(req)),
      credentials: 'same-origin',
      signal: req.signal,
    });
    if (!res.ok || res.status >= 400) return '';
    const json = (await res.json()) as { data?: unknown };
    return typeof json?.data === 'string' ? json.data : '';
  } catch {
    return '';
  }
}
