import { safeUrl } from '../../core/security/safe-url';
import { str, type WidgetDefinition } from './types';

const TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'span', 'p']);

export const heading: WidgetDefinition = {
  type: 'heading',
  title: 'Heading',
  frontendSettings: [],
  render: (s) => {
    const Tag = (TAGS.has(str(s.header_size)) ? str(s.header_size) : 'h2') as 'h2';
    const href = safeUrl((s.link as { url?: string } | undefined)?.url);
    const title = str(s.title);
    return <Tag className="elementor-heading-title">{href ? <a href={href}>{title}</a> : title}</Tag>;
  },
};
