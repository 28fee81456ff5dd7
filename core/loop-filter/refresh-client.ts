import type { ConsolidatedFilters } from './types';

// The loop refresh (docs/api.md): POST {rest}elementor-pro/v1/refresh-loop with a JSON body; the answer's `data` is the new markup.
// A non-OK answer, a status of 400 or more, or a network failure count as an empty result (content kept).

export const REFRESH_LOOP_PATH = 'elementor-pro/v1/refresh-loop';

export interface RefreshLoopRequest {
  restUrl: string;
  postId: number;
  widgetId: string;
  widgetFilters: ConsolidatedFilters;
  paginationBaseUrl: string;
  /** Edit mode: the widget's current settings and the editor's nonce. */
  edit?: { widgetModel: Record<string, unknown>; nonce: string };
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
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (req.edit) headers['X-WP-Nonce'] = req.edit.nonce;
  try {
    const res = await fetchImpl(req.restUrl.replace(/\/?$/, '/') + REFRESH_LOOP_PATH, {
      method: 'POST',
      headers,
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
