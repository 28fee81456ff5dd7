import { str, type WidgetDefinition } from './types';

// A placeholder the store layer fills over the content REST calls (SPEC §7): slider, call to action or
// personalised content, targeted at the visitor's store and groups. Empty until the runtime loads it.

const KINDS = new Set(['slider', 'cta', 'personalized-content']);
const LABELS: Record<string, string> = { slider: 'Featured', cta: 'Offer', 'personalized-content': 'For you' };
const token = (v: unknown): string =>
  str(v)
    .replace(/[^a-z0-9_-]/gi, '')
    .slice(0, 100);

export const freshopContent: WidgetDefinition = {
  type: 'freshop-content',
  title: 'Store content',
  frontendSettings: [],
  controls: [
    {
      key: 'content',
      label: 'Content',
      type: 'select',
      options: [
        ['slider', 'Slider'],
        ['cta', 'Call to action'],
        ['personalized-content', 'Personalised content'],
      ],
    },
    { key: 'label', label: 'Accessible name', type: 'text' },
    { key: 'slug', label: 'Slug', type: 'text' },
    { key: 'slider_id', label: 'Slider id', type: 'text' },
  ],
  defaults: { content: 'cta', label: 'Store offer' },
  render: (s) => {
    const kind = str(s.content);
    if (!KINDS.has(kind)) return null;
    return (
      <section
        className={`freshop-content freshop-content--${kind}`}
        aria-label={str(s.label) || LABELS[kind]}
        data-content={kind}
        data-slug={token(s.slug) || undefined}
        data-slider-id={kind === 'slider' ? token(s.slider_id) || undefined : undefined}
        aria-live="polite"
      />
    );
  },
};
