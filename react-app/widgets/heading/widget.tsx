import { safeUrl } from '../../../core/security/safe-url';
import { choices, str, type WidgetDefinition } from '../types';

const TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'span', 'p']);

export const heading: WidgetDefinition = {
  type: 'heading',
  title: 'Heading',
  frontendSettings: [],
  controls: [
    { key: 'title', label: 'Title', type: 'text' },
    {
      key: 'header_size',
      label: 'HTML tag',
      type: 'select',
      options: choices({ h1: 'H1', h2: 'H2', h3: 'H3', h4: 'H4', h5: 'H5', h6: 'H6', div: 'div', span: 'span', p: 'Paragraph' }),
    },
    { key: 'link', subKey: 'url', label: 'Link', type: 'url' },
  ],
  defaults: { title: 'Add your heading here', header_size: 'h2' },
  render: (s) => {
    const Tag = (TAGS.has(str(s.header_size)) ? str(s.header_size) : 'h2') as 'h2';
    const href = safeUrl((s.link as { url?: string } | undefined)?.url);
    const title = str(s.title);
    return <Tag className="elementor-heading-title">{href ? <a href={href}>{title}</a> : title}</Tag>;
  },
};
