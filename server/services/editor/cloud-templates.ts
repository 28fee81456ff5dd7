import { box, w, type ElementNode } from '../../../core/wire/document';

// The "Cloud" tab of the templates library works from this local catalogue (no remote service).
export interface CloudTemplate {
  id: number;
  title: string;
  doc_type: 'page' | 'section' | 'popup';
  folder: string;
  description: string;
  tree: ElementNode[];
}

export const cloudTemplates: CloudTemplate[] = [
  {
    id: 9001,
    title: 'Farmers market banner',
    doc_type: 'section',
    folder: 'Promotions',
    description: 'A heading and a short pitch for local produce.',
    tree: [box('c90011', [w('c90012', 'heading', { title: 'From our farmers to your table', header_size: 'h2' })])],
  },
  {
    id: 9002,
    title: 'Weekly ad intro',
    doc_type: 'section',
    folder: 'Promotions',
    description: 'Introduces the weekly circular.',
    tree: [box('c90021', [w('c90022', 'text-editor', { editor: "<p>This week's deals start Wednesday.</p>" })])],
  },
  {
    id: 9003,
    title: 'Store event page',
    doc_type: 'page',
    folder: 'Events',
    description: 'A landing page for in-store tastings.',
    tree: [box('c90031', [w('c90032', 'heading', { title: 'Tasting Saturday', header_size: 'h1' })])],
  },
];
