import type { ReactNode } from 'react';
import { widgets } from './index';
import type { ElementNode, RenderContext, WidgetContext } from './types';
import { modelCidOf } from '../../core/wire/model-cid';
import { withDefaults } from './controls/schema';
import { elementCss, hiddenClasses } from './controls/element-style';

function pick(settings: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (settings[k] !== undefined && settings[k] !== '') out[k] = settings[k];
  return out;
}

/** Settings every element may carry that the runtime reads (stretch, motion, sticky, anchors). */
export const COMMON_FRONTEND_SETTINGS = [
  'stretch_element',
  '_animation',
  'animation',
  '_animation_delay',
  'animation_delay',
  'sticky',
  'sticky_on',
  'sticky_offset',
  'sticky_offset_tablet',
  'sticky_offset_mobile',
  'sticky_effects_offset',
  'sticky_anchor_link_offset',
];

function dataSettings(settings: Record<string, unknown>, keys: string[]): string | undefined {
  const picked = pick(settings, [...COMMON_FRONTEND_SETTINGS, ...keys]);
  return Object.keys(picked).length ? JSON.stringify(picked) : undefined;
}

const cssId = (s: Record<string, unknown>): string | undefined =>
  typeof s._element_id === 'string' && /^[A-Za-z_][\w-]*$/.test(s._element_id) ? s._element_id : undefined;

const cssClasses = (s: Record<string, unknown>): string =>
  typeof s._css_classes === 'string' ? s._css_classes.replace(/[^\w\s-]/g, '').trim() : '';

// One widget context per render context, so rendering 500 elements makes one object, not 500.
const widgetContexts = new WeakMap<RenderContext, WidgetContext>();
export function widgetContext(ctx: RenderContext): WidgetContext {
  let wctx = widgetContexts.get(ctx);
  if (!wctx) {
    wctx = { ...ctx, renderElement: (child) => <Element key={child.id} node={child} ctx={ctx} /> };
    widgetContexts.set(ctx, wctx);
  }
  return wctx;
}

/** The element's Style/Advanced settings as a scoped stylesheet (nothing when it has none). */
function ElementStyle({ id, settings, ctx }: { id: string; settings: Record<string, unknown>; ctx: RenderContext }): ReactNode {
  const css = elementCss(id, settings, ctx.breakpoints, ctx.previewDevice);
  return css ? <style>{css}</style> : null;
}

export function Element({ node, ctx }: { node: ElementNode; ctx: RenderContext }): ReactNode {
  const def = node.elType === 'container' ? null : (widgets[node.widgetType ?? ''] ?? null);
  // Defaults merged once (control defaults → widget defaults → the document's settings), for markup and handlers.
  const s = withDefaults(def, node.settings ?? {});
  if (node.elType === 'container') {
    const classes = [
      'elementor-element',
      `elementor-element-${node.id}`,
      'e-con',
      s.content_width === 'full' ? 'e-con-full' : 'e-con-boxed',
      'e-flex',
      cssClasses(s),
      ...hiddenClasses(s),
    ];
    if (s.animation || s._animation) classes.push('elementor-invisible');
    return (
      <div
        className={classes.filter(Boolean).join(' ')}
        id={cssId(s)}
        data-id={node.id}
        data-model-cid={ctx.isEdit ? modelCidOf(node.id) : undefined}
        data-element_type="container"
        data-settings={dataSettings(s, [])}
      >
        <ElementStyle id={node.id} settings={s} ctx={ctx} />
        <div className="e-con-inner">
          {node.elements.map((child) => (
            <Element key={child.id} node={child} ctx={ctx} />
          ))}
        </div>
      </div>
    );
  }
  const type = node.widgetType ?? '';
  if (!def) {
    // An unknown widget (removed plugin) must not break the page; editors see why.
    return ctx.isEdit ? (
      <div className="elementor-element elementor-widget-unknown" data-id={node.id} data-model-cid={modelCidOf(node.id)}>
        Unknown widget: {type}
      </div>
    ) : null;
  }
  const classes = [
    'elementor-element',
    `elementor-element-${node.id}`,
    'elementor-widget',
    `elementor-widget-${type}`,
    def.wrapperClass?.(s) ?? '',
    cssClasses(s),
    ...hiddenClasses(s),
  ];
  if (s._animation && s._animation !== 'none') classes.push('elementor-invisible');
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      id={cssId(s)}
      data-id={node.id}
      data-model-cid={ctx.isEdit ? modelCidOf(node.id) : undefined}
      data-element_type="widget"
      data-widget_type={`${type}.default`}
      data-settings={dataSettings(s, def.frontendSettings)}
    >
      <ElementStyle id={node.id} settings={s} ctx={ctx} />
      <div className="elementor-widget-container">{def.render(s, widgetContext(ctx), node)}</div>
    </div>
  );
}

export function ElementTree({ elements, ctx }: { elements: ElementNode[]; ctx: RenderContext }): ReactNode {
  return (
    <>
      {elements.map((node) => (
        <Element key={node.id} node={node} ctx={ctx} />
      ))}
    </>
  );
}
