import { memo, useEffect, useState } from 'react';
import { useEvent } from '../../hooks/use-event';
import { api } from '../../../core/api/client';
import * as editorApi from '../../../core/api/editor';
import type { ControlSchema } from '../../../core/wire/control-schema';
import { parseTags, TAGS, tagToken, type TagInfo } from '../../../core/dynamic-tags/tags';

// The dynamic tag picker beside a text, link or image control (docs/editor.md, "Dynamic tags"): it inserts a
// `{{group.name}}` token, which the server replaces for each visitor's store and audience. A product tag naming a
// product that does not exist is warned about here; visitors see the tag's fallback.

type Fit = TagInfo['fits'][number];

/** Which tags a control takes: text controls any text tag, links an address, images an image address. */
export function tagFit(control: ControlSchema): Fit | null {
  if ((control.tab ?? 'content') !== 'content' || control.responsive) return null;
  if (control.type === 'text' || control.type === 'textarea' || control.type === 'richtext') return 'text';
  if (control.type === 'url') return 'link';
  if (control.type === 'media') return 'image';
  return null;
}

/** The control's value with the token put in: appended to text, in place of a link or an image's address. */
export function withTag(value: unknown, token: string, fit: Fit): unknown {
  if (fit === 'image') return { ...(value && typeof value === 'object' ? value : {}), url: token };
  if (fit === 'link') return token;
  const text = typeof value === 'string' ? value : '';
  return text ? `${text}${/\s$/.test(text) ? '' : ' '}${token}` : token;
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? String((value as { url?: unknown }).url ?? '') : '';

/**
 * The picker of a control. It shows nothing of the control's value but the product slugs it names (for the
 * warning), so a key typed in the field renders this wrapper alone: the list of tags, its select and its button
 * (`TagPicker`, memoised) render again only when the slugs change (docs/editor.md, "Typing responsiveness").
 */
export function DynamicTagPicker({
  control,
  value,
  inputId,
  onChange,
}: {
  control: ControlSchema;
  value: unknown;
  inputId: string;
  onChange: (v: unknown) => void;
}) {
  const slugs = [...new Set(parseTags(textOf(value)).flatMap((r) => (r.group === 'product' && r.arg ? [r.arg] : [])))].sort().join(',');
  // The token goes into the value as it is when the button is pressed.
  const insert = useEvent((token: string, fit: Fit) => onChange(withTag(value, token, fit)));
  return <TagPicker control={control} slugs={slugs} inputId={inputId} insert={insert} />;
}

const TagPicker = memo(function TagPicker({
  control,
  slugs,
  inputId,
  insert: insertToken,
}: {
  control: ControlSchema;
  slugs: string;
  inputId: string;
  insert: (token: string, fit: Fit) => void;
}) {
  const fit = tagFit(control);
  const tags = TAGS.filter((t) => fit && t.fits.includes(fit));
  const [chosen, setChosen] = useState(tags[0] ? `${tags[0].group}.${tags[0].name}` : '');
  const [product, setProduct] = useState('');
  // The answer for the slugs it was asked about: a later edit shows nothing until its own answer arrives.
  const [checked, setChecked] = useState<{ slugs: string; missing: string[] }>({ slugs: '', missing: [] });
  useEffect(() => {
    if (!slugs) return;
    let live = true;
    api(editorApi.dynamicTagCheck, { query: { products: slugs } }).then(
      (r) => live && setChecked({ slugs, missing: r.missing_products }),
      () => live && setChecked({ slugs, missing: [] }),
    );
    return () => {
      live = false;
    };
  }, [slugs]);
  const missing = slugs && checked.slugs === slugs ? checked.missing : [];
  if (!fit || !tags.length) return null;
  const [group, name] = chosen.split('.');
  const insert = () => {
    const arg = group === 'product' && /^[a-z0-9-]{1,160}$/.test(product.trim()) ? product.trim() : undefined;
    insertToken(tagToken({ group: group as TagInfo['group'], name, arg }), fit);
  };
  return (
    <div className="editor-tags" role="group" aria-label={`Dynamic tag for ${control.label}`}>
      <label htmlFor={`${inputId}-tag`}>Dynamic tag</label>
      <select id={`${inputId}-tag`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {tags.map((t) => (
          <option key={`${t.group}.${t.name}`} value={`${t.group}.${t.name}`}>
            {t.label}
          </option>
        ))}
      </select>
      {group === 'product' ? (
        <>
          <label htmlFor={`${inputId}-tag-product`}>Product slug (empty: the page's product)</label>
          <input id={`${inputId}-tag-product`} type="text" value={product} onChange={(e) => setProduct(e.target.value)} />
        </>
      ) : null}
      <button type="button" onClick={insert}>
        Insert tag
      </button>
      {missing.length ? (
        <p className="editor-field-warning" role="status">
          No product has the slug {missing.join(', ')}: visitors see the tag's fallback instead.
        </p>
      ) : null}
    </div>
  );
});
