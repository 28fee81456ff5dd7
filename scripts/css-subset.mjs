// What each page's CSS is made of (docs/performance.md, "Lighthouse"): the site stylesheet cut into its rules, each
// with the class names that make it apply, and the class names the browser side can add after the first render
// (the runtime, each runtime chunk, each React island), read from their sources. The server keeps, per page, the
// rules whose classes the rendered page has or its chunks and islands can add (server/render/page-css.ts) and
// inlines them; nothing is kept by a list per URL. Used by scripts/build-styles.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { generate, parse, walk } from 'css-tree';

/**
 * A section of a source stylesheet marked `/* @css-with <key> … *\/` (until the next marker or `/* @css-end *\/`)
 * is kept whenever one of its keys is on the page, whatever its classes: for markup a page can receive after its
 * first render from data rather than code (e.g. content blocks swapped in on a store change). Keys:
 * `widget:<type>`, `island:<name>`, `chunk:<name>`.
 */
const MARKER = /\/\*\s*@css-(with|end)\b([^*]*)\*\//g;
const KEY = /^(?:widget|island|chunk):[a-z][a-z0-9-]*$/;

/** The source text cut at its markers: [{ text, keys }] (keys null outside a marked section). */
export function sections(file, text) {
  const out = [];
  let keys = null;
  let from = 0;
  for (const m of text.matchAll(MARKER)) {
    out.push({ text: text.slice(from, m.index), keys });
    from = m.index + m[0].length;
    if (m[1] === 'end') keys = null;
    else {
      keys = m[2].trim().split(/\s+/).filter(Boolean);
      const bad = keys.find((k) => !KEY.test(k));
      if (!keys.length || bad)
        throw new Error(`${file}: @css-with needs keys like widget:<type>, island:<name> or chunk:<name> (got "${bad ?? ''}")`);
    }
  }
  out.push({ text: text.slice(from), keys });
  for (const s of out) {
    const bare = s.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
    if ((bare.match(/\{/g) ?? []).length !== (bare.match(/\}/g) ?? []).length)
      throw new Error(`${file}: a @css-with marker must sit between rules, not inside a block`);
  }
  return out.filter((s) => s.text.trim());
}

/** The class names of one selector (inside :not()/:is()/:where() too). */
function classesOf(selector) {
  const found = new Set();
  walk(selector, { visit: 'ClassSelector', enter: (n) => found.add(n.name) });
  return found;
}

/**
 * The rules of a minified stylesheet. A rule is `{ css, any? , with? }`: kept when `any` is absent (a selector
 * with no class: `body`, `a:hover`, `[hidden]`), or one of its classes is on the page; `with`: when one of those
 * keys is. An at-rule with rules inside (`@media`, `@supports`) is `{ at, rules }`; other at-rules are kept.
 */
export function rulesOf(css, keys) {
  const entry = (node) => {
    if (node.type === 'Rule') {
      const any = new Set();
      let always = false;
      node.prelude.children?.forEach((selector) => {
        const c = classesOf(selector);
        if (!c.size) always = true;
        for (const name of c) any.add(name);
      });
      const rule = { css: generate(node) };
      if (keys) rule.with = keys;
      else if (!always) rule.any = [...any];
      return rule;
    }
    if (node.type === 'Atrule' && node.block && ['media', 'supports', 'container', 'layer'].includes(node.name))
      return { at: `@${node.name} ${node.prelude ? generate(node.prelude) : ''}`.trim(), rules: node.block.children.toArray().map(entry) };
    return keys ? { css: generate(node), with: keys } : { css: generate(node) };
  };
  return parse(css).children.toArray().map(entry);
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const PIECED = /([A-Za-z][\w-]*[-_])\$\{/g;
const STRING = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

function resolveModule(from, spec) {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(?:m?js)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {
        // a folder: try the next form
      }
    }
  return null;
}

/** The source files a module reaches by relative imports, static or dynamic (npm packages are not followed). */
export function moduleClosure(entry) {
  const seen = new Set();
  const queue = [resolve(entry)];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const next = resolveModule(file, m[1]);
      if (next && /\.tsx?$/.test(next)) queue.push(next);
    }
  }
  return [...seen];
}

/** The class names of `classes` that the files' string literals name (what their code can add to the page). */
export function vocabulary(files, classes) {
  const found = new Set();
  const all = [...classes];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const literals = file.endsWith('.css') ? [text] : [...text.matchAll(STRING)].map((m) => m[1] ?? m[2] ?? m[3]);
    for (const literal of literals) {
      for (const word of literal.split(/[^\w-]+/)) if (classes.has(word)) found.add(word);
      // A class made in a template literal (`skeleton-box--${box}`): every class with that beginning.
      for (const m of literal.matchAll(PIECED)) for (const c of all) if (c.startsWith(m[1])) found.add(c);
    }
  }
  return [...found].sort();
}

/** Every class name the rules test. */
export function classNames(rules) {
  const out = new Set();
  const add = (r) => (r.rules ? r.rules.forEach(add) : r.any?.forEach((c) => out.add(c)));
  rules.forEach(add);
  return out;
}
