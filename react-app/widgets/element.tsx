import { memo, type ReactNode } from 'react';
import { widgets } from './index';
import type { ElementNode, RenderContext, WidgetContext } from './types';
import { modelCidOf } from '../../core/wire/model-cid';
import { withDefaults } from './controls/schema';
import { elementCss, hiddenClasses } from './controls/element-style';
import { globalIdOf, globalInstance, globalWidgetDataKey, isGlobalReference } from '../../core/documents/global-widgets';

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

// A stretched element comes stretched from the server (runtime.css); its handler then only corrects for a scrollbar.
const STRETCHED = 'elementor-section-stretched';

/** An element's React key: its id, or the editor's key for it (which changes when it must be re-created). */
const keyOf = (ctx: RenderContext, id: string): string => ctx.elementKey?.(id) ?? id;

// One widget context per render context, so rendering 500 elements makes one object, not 500.
const widgetContexts = new WeakMap<RenderContext, WidgetContext>();
export function widgetContext(ctx: RenderContext): WidgetContext {
  let wctx = widgetContexts.get(ctx);
  if (!wctx) {
    wctx = { ...ctx, renderElement: (child) => <Element key={keyOf(ctx, child.id)} node={child} ctx={ctx} /> };
    widgetContexts.set(ctx, wctx);
  }
  return wctx;
}

interface StyleProps {
  id: string;
  /** The settings with their defaults (what the CSS is made of). */
  settings: Record<string, unknown>;
  /** The element's own settings object: the defaults merged into it are fixed by its type, so when this object is the same, so is the CSS. */
  own: Record<string, unknown>;
  ctx: RenderContext;
}

/**
 * The element's Style/Advanced settings as a scoped stylesheet (nothing when it has none). Memoised on the
 * element's own settings: typing in a widget renders its container again (a new `elements` list), whose
 * settings, and so its CSS, are unchanged.
 */
const ElementStyle = memo(
  function ElementStyleSheet({ id, settings, ctx }: StyleProps): ReactNode {
    const css = elementCss(id, settings, ctx.breakpoints, ctx.previewDevice);
    return css ? <style>{css}</style> : null;
  },
  (a, b) => a.id === b.id && a.own === b.own && a.ctx.breakpoints === b.ctx.breakpoints && a.ctx.previewDevice === b.ctx.previewDevice,
);

/** The wrapper every container and widget renders: Elementor's data attributes, then its scoped style. */
function ElementWrapper(props: {
  node: ElementNode;
  ctx: RenderContext;
  settings: Record<string, unknown>;
  classes: string[];
  elementType: 'container' | 'widget';
  widgetType?: string;
  frontendSettings: string[];
  children: ReactNode;
}): ReactNode {
  const { node, ctx, settings } = props;
  return (
    <div
      className={props.classes.filter(Boolean).join(' ')}
      id={cssId(settings)}
      data-id={node.id}
      data-model-cid={ctx.isEdit ? modelCidOf(node.id) : undefined}
      data-element_type={props.elementType}
      data-widget_type={props.widgetType}
      data-settings={dataSettings(settings, props.frontendSettings)}
    >
      <ElementStyle id={node.id} settings={settings} own={node.settings} ctx={ctx} />
      {props.children}
    </div>
  );
}

// Memoised: an edit replaces only the nodes on the path to the edited element, so the editor re-renders that path
// and leaves every other element as it is. The function has a name of its own: inside a function expression named
// `Element`, `<Element>` would be that unmemoised function, and a container's children would all re-render.
export const Element = memo(function ElementView({ node, ctx }: { node: ElementNode; ctx: RenderContext }): ReactNode {
  if (isGlobalReference(node)) return <GlobalWidget node={node} ctx={ctx} />;
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
    if (s.stretch_element === 'yes') classes.push(STRETCHED);
    return (
      <ElementWrapper node={node} ctx={ctx} settings={s} classes={classes} elementType="container" frontendSettings={[]}>
        <div className="e-con-inner">
          {node.elements.map((child) => (
            <Element key={keyOf(ctx, child.id)} node={child} ctx={ctx} />
          ))}
        </div>
      </ElementWrapper>
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
  if (s.stretch_element === 'yes') classes.push(STRETCHED);
  return (
    <ElementWrapper
      node={node}
      ctx={ctx}
      settings={s}
      classes={classes}
      elementType="widget"
      widgetType={`${type}.default`}
      frontendSettings={def.frontendSettings}
    >
      <div className="elementor-widget-container">{def.render(s, widgetContext(ctx), node)}</div>
    </ElementWrapper>
  );
});

/**
 * A global widget reference (core/documents/global-widgets.ts). Published pages arrive expanded by the server;
 * the editor finds the widget in its data. A widget that is gone renders nothing for visitors, and a note in the editor.
 */
function GlobalWidget({ node, ctx }: { node: ElementNode; ctx: RenderContext }): ReactNode {
  const gid = globalIdOf(node);
  const stored = gid === null ? undefined : (ctx.data[globalWidgetDataKey(gid)] as ElementNode | undefined);
  if (stored) return <Element node={globalInstance(node, stored)} ctx={ctx} />;
  return ctx.isEdit ? (
    <div className="elementor-element elementor-widget-unknown" data-id={node.id} data-model-cid={modelCidOf(node.id)}>
      Global widget {gid ?? '?'} no longer exists: remove this element.
    </div>
  ) : null;
}

export function ElementTree({ elements, ctx }: { elements: ElementNode[]; ctx: RenderContext }): ReactNode {
  return (
    <>
      {elements.map((node) => (
        <Element key={keyOf(ctx, node.id)} node={node} ctx={ctx} />
      ))}
    </>
  );
}
