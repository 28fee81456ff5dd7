import { safeUrl } from '../../../core/security/safe-url';
import { choices, str, type WidgetDefinition } from '../types';

// Text path: text along one of a fixed set of paths. Every setting is escaped or whitelisted (the page
// builder's text-path widget had a stored XSS, CVE-2024-2117): no custom SVG, the text is a text node,
// the link goes through safeUrl, the alignment and direction are whitelisted.

export const TEXT_PATHS: Record<string, string> = {
  wave: 'M0,100 C125,20 125,180 250,100 C375,20 375,180 500,100',
  arc: 'M20,200 A230,180 0 0 1 480,200',
  circle: 'M250,60 a190,190 0 1 1 -0.1,0',
  line: 'M0,100 L500,100',
  oval: 'M250,40 a240,110 0 1 1 -0.1,0',
  spiral: 'M250,130 a30,30 0 1 1 -0.1,0 M250,130 a70,70 0 1 0 0.1,0',
};

const ALIGN = new Set(['start', 'center', 'end']);

export const textPath: WidgetDefinition = {
  type: 'text-path',
  behaviour: { chunk: 'text-path', nearViewport: true },
  title: 'Text Path',
  frontendSettings: ['start_point'],
  controls: [
    { key: 'text', label: 'Text', type: 'text' },
    { key: 'path', label: 'Path', type: 'select', options: Object.keys(TEXT_PATHS).map((p): [string, string] => [p, p]) },
    { key: 'link', subKey: 'url', label: 'Link', type: 'url' },
    { key: 'align', label: 'Alignment', type: 'select', options: choices({ start: 'Start', center: 'Centre', end: 'End' }) },
    {
      key: 'text_path_direction',
      label: 'Text direction',
      type: 'select',
      options: choices({ '': 'Default', ltr: 'Left to right', rtl: 'Right to left' }),
    },
    { key: 'start_point', label: 'Starting point (%)', type: 'number', min: 0, max: 100 },
  ],
  defaults: { text: 'Fresh food, close to home', path: 'wave' },
  render: (s, _ctx, node) => {
    const type = Object.hasOwn(TEXT_PATHS, str(s.path)) ? str(s.path) : 'wave';
    const align = ALIGN.has(str(s.align)) ? str(s.align) : 'start';
    const text = str(s.text).slice(0, 500);
    const href = safeUrl((s.link as { url?: string } | undefined)?.url ?? s.link);
    const pathId = `e-path-${node.id.replace(/[^\w-]/g, '')}`;
    const rtl = s.text_path_direction === 'rtl';
    const svg = (label: boolean) => (
      <svg
        viewBox="0 0 500 260"
        role={label ? 'img' : undefined}
        aria-label={label ? text : undefined}
        aria-hidden={label ? undefined : true}
        focusable="false"
        direction={rtl ? 'rtl' : 'ltr'}
      >
        <path id={pathId} d={TEXT_PATHS[type]} fill="none" />
        <text>
          <textPath href={`#${pathId}`} startOffset={`${Math.min(100, Math.max(0, Number(s.start_point) || 0))}%`}>
            {text}
          </textPath>
        </text>
      </svg>
    );
    // A link wraps the whole drawing (a link inside an SVG image would be hidden from assistive technology).
    return (
      <div className="e-text-path" data-align={align} data-type={type}>
        {href ? (
          <a href={href} aria-label={text}>
            {svg(false)}
          </a>
        ) : (
          svg(true)
        )}
      </div>
    );
  },
};
