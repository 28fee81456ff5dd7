import type { ControlSchema } from '../../../core/wire/control-schema';

// Controls every element has besides its own: the Style tab (colours, typography, borders, background) and
// the Advanced tab (spacing, motion, sticky, stretch, anchors, CSS id/classes, visibility per device). The
// element wrapper turns them into CSS and classes (element-style.ts); the runtime handlers read the motion,
// sticky, stretch and anchor settings from data-settings.

const px = { type: 'slider', unit: 'px', min: 0 } as const;

export const ANIMATIONS: Array<[string, string]> = [
  ['', 'None'],
  ['fadeIn', 'Fade in'],
  ['fadeInUp', 'Fade in up'],
  ['fadeInDown', 'Fade in down'],
  ['fadeInLeft', 'Fade in left'],
  ['fadeInRight', 'Fade in right'],
  ['zoomIn', 'Zoom in'],
  ['none', 'No animation (just appear)'],
];

export const STYLE_CONTROLS: ControlSchema[] = [
  { key: '_text_color', label: 'Text colour', type: 'color', tab: 'style', section: 'Colours' },
  { key: '_background_color', label: 'Background colour', type: 'color', tab: 'style', section: 'Background' },
  { key: '_typography_font_family', label: 'Font family', type: 'font', tab: 'style', section: 'Typography' },
  { key: '_typography_font_size', label: 'Font size', ...px, max: 200, tab: 'style', section: 'Typography', responsive: true },
  {
    key: '_typography_font_weight',
    label: 'Font weight',
    type: 'select',
    tab: 'style',
    section: 'Typography',
    options: [['', 'Default'], ...['300', '400', '500', '600', '700', '800'].map((w): [string, string] => [w, w])],
  },
  {
    key: '_text_align',
    label: 'Alignment',
    type: 'select',
    tab: 'style',
    section: 'Typography',
    responsive: true,
    options: [
      ['', 'Default'],
      ['left', 'Left'],
      ['center', 'Centre'],
      ['right', 'Right'],
    ],
  },
  {
    key: '_border_border',
    label: 'Border type',
    type: 'select',
    tab: 'style',
    section: 'Border',
    options: [
      ['', 'None'],
      ['solid', 'Solid'],
      ['dashed', 'Dashed'],
      ['dotted', 'Dotted'],
      ['double', 'Double'],
    ],
  },
  { key: '_border_width', label: 'Border width', ...px, max: 50, tab: 'style', section: 'Border' },
  { key: '_border_color', label: 'Border colour', type: 'color', tab: 'style', section: 'Border' },
  { key: '_border_radius', label: 'Border radius', ...px, max: 200, tab: 'style', section: 'Border', responsive: true },
];

const stickyAndMotion: ControlSchema[] = [
  { key: '_animation', label: 'Entrance animation', type: 'select', options: ANIMATIONS, tab: 'advanced', section: 'Motion effects' },
  {
    key: '_animation_delay',
    label: 'Animation delay (ms)',
    type: 'number',
    min: 0,
    max: 10000,
    step: 100,
    tab: 'advanced',
    section: 'Motion effects',
  },
  {
    key: 'animation_duration',
    label: 'Animation duration',
    type: 'select',
    tab: 'advanced',
    section: 'Motion effects',
    options: [
      ['', 'Normal'],
      ['slow', 'Slow'],
      ['fast', 'Fast'],
    ],
  },
  {
    key: 'sticky',
    label: 'Sticky',
    type: 'select',
    tab: 'advanced',
    section: 'Motion effects',
    options: [
      ['', 'None'],
      ['top', 'Top'],
      ['bottom', 'Bottom'],
    ],
  },
  { key: 'sticky_on', label: 'Sticky on', type: 'devices', tab: 'advanced', section: 'Motion effects', default: undefined },
  {
    key: 'sticky_offset',
    label: 'Sticky offset (px)',
    type: 'number',
    min: 0,
    max: 500,
    tab: 'advanced',
    section: 'Motion effects',
    responsive: true,
  },
  {
    key: 'sticky_effects_offset',
    label: 'Sticky effects offset (px)',
    type: 'number',
    min: 0,
    max: 2000,
    tab: 'advanced',
    section: 'Motion effects',
  },
  {
    key: 'sticky_anchor_link_offset',
    label: 'Anchor offset (px)',
    type: 'number',
    min: 0,
    max: 500,
    tab: 'advanced',
    section: 'Motion effects',
    help: 'Space kept above anchors below this sticky element.',
  },
];

export const ADVANCED_CONTROLS: ControlSchema[] = [
  { key: '_margin', label: 'Margin', type: 'dimensions', tab: 'advanced', section: 'Layout', responsive: true },
  { key: '_padding', label: 'Padding', type: 'dimensions', tab: 'advanced', section: 'Layout', responsive: true },
  { key: 'stretch_element', label: 'Stretch to the page width', type: 'switcher', tab: 'advanced', section: 'Layout' },
  ...stickyAndMotion,
  { key: '_title', label: 'Name in the navigator', type: 'text', tab: 'advanced', section: 'Attributes' },
  { key: '_element_id', label: 'CSS ID', type: 'text', tab: 'advanced', section: 'Attributes' },
  { key: '_css_classes', label: 'CSS classes', type: 'text', tab: 'advanced', section: 'Attributes' },
  { key: 'hide_desktop', label: 'Hide on desktop', type: 'switcher', tab: 'advanced', section: 'Responsive' },
  { key: 'hide_tablet', label: 'Hide on tablet', type: 'switcher', tab: 'advanced', section: 'Responsive' },
  { key: 'hide_mobile', label: 'Hide on mobile', type: 'switcher', tab: 'advanced', section: 'Responsive' },
  {
    key: 'custom_css',
    label: 'Custom CSS',
    type: 'textarea',
    tab: 'advanced',
    section: 'Custom CSS',
    help: 'Use "selector" for this element, e.g. selector .elementor-heading-title { letter-spacing: 2px }',
  },
];

/** A container's own controls (layout), then the shared Style and Advanced ones. */
export const CONTAINER_CONTROLS: ControlSchema[] = [
  {
    key: 'content_width',
    label: 'Content width',
    type: 'select',
    options: [
      ['boxed', 'Boxed'],
      ['full', 'Full width'],
    ],
    default: 'boxed',
  },
  {
    key: 'flex_direction',
    label: 'Direction',
    type: 'select',
    responsive: true,
    options: [
      ['', 'Default (column)'],
      ['column', 'Column'],
      ['row', 'Row'],
    ],
  },
  { key: 'flex_gap', label: 'Gap between elements', ...px, max: 200, responsive: true },
  { key: 'min_height', label: 'Minimum height', ...px, max: 2000, responsive: true },
  // Older documents set the container animation under its un-prefixed name: still checked and rendered, but the
  // panel shows only the one Entrance animation control (`_animation`, which wins when both are set).
  {
    key: 'animation',
    label: 'Entrance animation (legacy)',
    type: 'select',
    options: ANIMATIONS,
    tab: 'advanced',
    section: 'Motion effects',
    hidden: true,
  },
  {
    key: 'animation_delay',
    label: 'Animation delay (legacy, ms)',
    type: 'number',
    min: 0,
    max: 10000,
    tab: 'advanced',
    section: 'Motion effects',
    hidden: true,
  },
  ...STYLE_CONTROLS,
  ...ADVANCED_CONTROLS,
];
