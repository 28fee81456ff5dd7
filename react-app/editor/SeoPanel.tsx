import { useId } from 'react';
import { applyTitleTemplate, DEFAULT_TITLE_TEMPLATE, descriptionHint, DESCRIPTION_SHOWN, snippet, TITLE_SHOWN } from '../../core/seo/rules';
import { seoFieldsSchema, type SeoFields } from '../../core/wire/seo';

// The page settings' SEO section (docs/seo.md): SEO title (shown through the site's title template), meta
// description with a length hint, a search-result preview, canonical address, noindex/nofollow and the social
// card's title, description and image. The rules are core/wire/seo.ts's, as on the server: a problem shows
// next to its field as it is typed, and the server's message for a field when it refused the save.

interface SiteConfigJson {
  site?: { name?: string };
  kit?: Record<string, unknown>;
}

function siteConfig(): SiteConfigJson {
  try {
    return JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as SiteConfigJson;
  } catch {
    return {};
  }
}

type TextKey = 'title' | 'description' | 'canonical' | 'og_title' | 'og_description' | 'og_image';

export function SeoPanel({
  seo,
  slug,
  pageTitle,
  errors,
  onChange,
}: {
  seo: SeoFields;
  slug: string;
  pageTitle: string;
  /** The server's messages, keyed `seo.{field}`. */
  errors: Record<string, string>;
  onChange: (next: SeoFields) => void;
}) {
  const id = useId();
  const config = siteConfig();
  const siteName = config.site?.name ?? '';
  const template = typeof config.kit?.seo_title_template === 'string' ? config.kit.seo_title_template : DEFAULT_TITLE_TEMPLATE;
  const siteDescription = typeof config.kit?.seo_description === 'string' ? config.kit.seo_description : '';
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const checked = seoFieldsSchema(origin).safeParse(seo);
  const local: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) local[String(issue.path[0])] ??= issue.message;
  const problem = (key: string) => errors[`seo.${key}`] ?? local[key];
  const set = (key: keyof SeoFields, value: unknown) => {
    const next: Record<string, unknown> = { ...seo, [key]: value };
    if (value === '' || value === false) delete next[key];
    onChange(next as SeoFields);
  };

  const title = applyTitleTemplate(template, { title: seo.title?.trim() || pageTitle, site: siteName });
  const description = seo.description?.trim() || siteDescription;
  const hint = descriptionHint((seo.description ?? '').length);
  const path = slug === 'home' ? '/' : `/${slug}`;

  const text = (key: TextKey, label: string, help?: string, multiline = false) => {
    const fieldId = `${id}-seo-${key}`;
    const error = problem(key);
    const describedBy = [help ? `${fieldId}-help` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined;
    const common = {
      id: fieldId,
      value: typeof seo[key] === 'string' ? seo[key] : '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    };
    return (
      <div className={`editor-control editor-control--${multiline ? 'textarea' : 'text'}`}>
        <label htmlFor={fieldId}>{label}</label>
        {multiline ? (
          <textarea {...common} rows={3} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input {...common} type="text" onChange={(e) => set(key, e.target.value)} />
        )}
        {help ? (
          <p className="editor-help" id={`${fieldId}-help`}>
            {help}
          </p>
        ) : null}
        {error ? (
          <p className="editor-field-error" id={`${fieldId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const flag = (key: 'noindex' | 'nofollow', label: string) => {
    const fieldId = `${id}-seo-${key}`;
    return (
      <div className="editor-control editor-control--switcher">
        <label htmlFor={fieldId}>{label}</label>
        <input id={fieldId} type="checkbox" checked={seo[key] === true} onChange={(e) => set(key, e.target.checked)} />
        {problem(key) ? <p className="editor-field-error">{problem(key)}</p> : null}
      </div>
    );
  };

  return (
    <section className="editor-seo" aria-labelledby={`${id}-seo-heading`}>
      <h3 className="editor-section" id={`${id}-seo-heading`}>
        Search and sharing
      </h3>
      {text('title', 'SEO title', `Empty: the page title. Search results show about ${TITLE_SHOWN} characters.`)}
      {text('description', 'Meta description', undefined, true)}
      <p className={`editor-seo__hint editor-seo__hint--${hint.tone}`} role="status" data-seo-hint={hint.tone}>
        {hint.text}
      </p>
      <figure className="editor-seo__preview" aria-label="Search result preview" data-seo-preview="">
        <figcaption className="visually-hidden">How a search engine may show this page</figcaption>
        <p className="editor-seo__preview-url">{`${origin.replace(/^https?:\/\//, '')}${path}`}</p>
        <p className="editor-seo__preview-title">{snippet(title, TITLE_SHOWN)}</p>
        <p className="editor-seo__preview-description">{snippet(description, DESCRIPTION_SHOWN.max)}</p>
      </figure>
      {text('canonical', 'Canonical address', 'Empty: this page’s own address. A path on this site or a full address on it.')}
      {flag('noindex', 'Hide from search engines (noindex)')}
      {flag('nofollow', 'Ask search engines not to follow links (nofollow)')}
      {text('og_title', 'Social title', 'Empty: the SEO title.')}
      {text('og_description', 'Social description', 'Empty: the meta description.', true)}
      {text('og_image', 'Social image', 'Empty: the page’s first image, else the site’s share image (1200×630 works best).')}
    </section>
  );
}
