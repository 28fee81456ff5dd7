// The preview's stand-in for the server sanitiser: the server cleans editor HTML when it is saved and again
// when it renders; the preview only has to keep what the editor typed from running in the editor itself.
const DROP = 'script,style,iframe,object,embed,link,meta,base,form,svg,math,template';

export function sanitizePreviewHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(DROP).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') el.removeAttribute(attr.name);
      else if (
        (name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') &&
        /^(javascript|vbscript|data:text)/.test(value.replace(/\s+/g, ''))
      )
        el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}
