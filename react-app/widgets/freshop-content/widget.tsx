import { slotKey, type ContentSlot } from '../../../core/store-layer/content-slot';
import { choices, str, type WidgetDefinition } from '../types';

// A content slot (docs/api.md): slider, call to action or personalised content, targeted at the visitor's store
// and groups. The server renders the block for the visitor into the first response (ctx.content); the store
// layer reloads the slot over the content REST call only when the store changes. The editor's canvas shows the
// block the server answered with the document (server/render/editor-islands.ts).

const LABELS: Record<string, string> = { slider: 'Featured', cta: 'Offer', 'personalized-content': 'For you' };
const token = (v: unknown): string =>
  str(v)
    .replace(/[^a-z0-9_-]/gi, '')
    .slice(0, 100);

/** The key of a content slot's first view in the editor's widget data (server/render/editor-islands.ts), by slotKey. */
export const contentPreviewKey = (key: string): string => `content-slot:${key}`;

/** The slot a widget's settings name, or null for an unknown kind (one reading for the widget and the server). */
export function contentSlotOf(s: Record<string, unknown>): ContentSlot | null {
  const kind = str(s.content);
  if (kind !== 'slider' && kind !== 'cta' && kind !== 'personalized-content') return null;
  return { kind, slug: token(s.slug) || undefined, sliderId: kind === 'slider' ? token(s.slider_id) || undefined : undefined };
}

export const freshopContent: WidgetDefinition = {
  type: 'freshop-content',
  title: 'Store content',
  frontendSettings: [],
  controls: [
    {
      key: 'content',
      label: 'Content',
      type: 'select',
      options: choices({ slider: 'Slider', cta: 'Call to action', 'personalized-content': 'Personalised content' }),
    },
    { key: 'label', label: 'Accessible name', type: 'text' },
    { key: 'slug', label: 'Slug', type: 'text' },
    { key: 'slider_id', label: 'Slider id', type: 'text' },
  ],
  defaults: { content: 'cta', label: 'Store offer' },
  render: (s, ctx) => {
    const slot = contentSlotOf(s);
    if (!slot) return null;
    // The editor's canvas has no slots of its own: the block the server answered for this editor, as a page gets it.
    const preview = ctx.isEdit && !ctx.content ? ctx.data[contentPreviewKey(slotKey(slot))] : undefined;
    const html = ctx.content?.get(slotKey(slot)) ?? (typeof preview === 'string' ? preview : undefined);
    const blockId = ctx.contentBlockIds?.get(slotKey(slot));
    return (
      <section
        className={`freshop-content freshop-content--${slot.kind}`}
        aria-label={str(s.label) || LABELS[slot.kind]}
        data-content={slot.kind}
        data-slug={slot.slug}
        data-slider-id={slot.sliderId}
        data-content-loaded={html !== undefined ? 'true' : undefined}
        data-block-id={blockId === undefined ? undefined : String(blockId)}
        hidden={slot.kind === 'slider' && html !== undefined && html.trim() === '' ? true : undefined}
        aria-live="polite"
        // Sanitised when stored and again when read (server/services/content/blocks.ts).
        dangerouslySetInnerHTML={html ? { __html: html } : undefined}
      />
    );
  },
};
