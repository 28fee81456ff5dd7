import { str, type WidgetDefinition } from '../types';

export const textEditor: WidgetDefinition = {
  type: 'text-editor',
  title: 'Text Editor',
  frontendSettings: [],
  controls: [{ key: 'editor', label: 'Text', type: 'richtext' }],
  defaults: { editor: '<p>Add your text here.</p>' },
  // Editor HTML is sanitised when saved and again here, so a row written around the API stays inert.
  render: (s, ctx) => <div className="elementor-text-editor" dangerouslySetInnerHTML={{ __html: ctx.sanitizeHtml(str(s.editor)) }} />,
};
