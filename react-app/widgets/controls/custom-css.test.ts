import { describe, expect, it } from 'vitest';
import { customCssProblem, cssIdentifier, scopeCustomCss } from './custom-css';

// The custom CSS of an element: scoped with the `selector` keyword, and every way out of the element or into
// script refused with a message (probes: each guard has a case that must be refused).

const SCOPE = '.elementor-element.elementor-element-abc123';
const scoped = (css: string): string => {
  const r = scopeCustomCss(css, SCOPE);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.css;
};
const refused = (css: string): string => {
  const r = scopeCustomCss(css, SCOPE);
  if (r.ok) throw new Error(`accepted: ${r.css}`);
  return r.message;
};

describe('custom CSS scoping', () => {
  it('turns the selector keyword into the element, as the page builder does', () => {
    expect(scoped('selector .title { color: red }')).toBe(`${SCOPE} .title{color:red}`);
    expect(scoped('selector { padding: 4px }')).toBe(`${SCOPE}{padding:4px}`);
  });

  it('scopes every selector of a list, pseudo-classes on the element and children', () => {
    expect(scoped('selector:hover, selector > p + p { color: red }')).toBe(`${SCOPE}:hover,${SCOPE}>p+p{color:red}`);
    expect(scoped('selector .a:not(.b) { color: red }')).toBe(`${SCOPE} .a:not(.b){color:red}`);
  });

  it('scopes rules inside @media and @supports', () => {
    expect(scoped('@media (max-width: 600px) { selector p { font-size: 12px } }')).toBe(
      `@media (max-width:600px){${SCOPE} p{font-size:12px}}`,
    );
    expect(scoped('@supports (display: grid) { selector { display: grid } }')).toBe(`@supports (display:grid){${SCOPE}{display:grid}}`);
  });

  it('keeps https and relative images and an empty value', () => {
    expect(scoped('selector { background: url(/media/a.png) }')).toContain('url(/media/a.png)');
    expect(scoped('selector { background-image: url("https://cdn.example.org/a.png") }')).toContain('https://cdn.example.org/a.png');
  });

  it('reads CSS escapes in identifiers as the browser does', () => {
    expect(cssIdentifier('exp\\72 ession')).toBe('expression');
    expect(cssIdentifier('\\40 import')).toBe('@import');
  });
});

describe('custom CSS refusals (probes)', () => {
  it('refuses CSS that does not parse, saying where', () => {
    expect(refused('selector .title { color red }')).toMatch(/^does not parse: .*line 1/);
    expect(refused('selector .title { color: red')).toBe('does not parse: a "{" is never closed');
    expect(refused('selector .title { color: red } }')).toMatch(/^does not parse: "}" without its "{"/);
    expect(refused('color: red;')).toMatch(/^does not parse/);
    expect(refused('selector { .x { color: red } }')).toMatch(/^does not parse/);
  });

  it('refuses </style>, also written with an escape inside a string', () => {
    expect(refused('selector { color: red } </style><script>alert(1)</script>')).toBe('must not contain </style> or <!--');
    expect(refused('selector::after { content: "\\3c/style>" }')).toBe('must not contain </style> or <!--');
    expect(refused('selector { color: red } <!--')).toBe('must not contain </style> or <!--');
  });

  it('refuses @import and other global at-rules', () => {
    expect(refused('@import url(https://evil.example/x.css); selector { color: red }')).toMatch(/@import/);
    expect(refused('@\\69mport url(x.css); selector { color: red }')).toMatch(/@import/);
    expect(refused('@font-face { font-family: x; src: url(/a.woff2) }')).toMatch(/must not use @font-face/);
    expect(refused('@keyframes spin { from { opacity: 0 } }')).toMatch(/must not use @keyframes/);
  });

  it('refuses script URLs, however they are written', () => {
    expect(refused('selector { background: url("javascript:alert(1)") }')).toBe('must not load javascript: URLs');
    expect(refused('selector { background: url("java\\73 cript:alert(1)") }')).toBe('must not load javascript: URLs');
    expect(refused('selector { background: url("java\tscript:alert(1)") }')).toBe('must not load javascript: URLs');
    expect(refused('selector { background: url(javascript:alert(1)) }')).toMatch(/does not parse|javascript/);
    expect(refused('selector { background-image: image-set("vbscript:x" 1x) }')).toBe('must not load vbscript: URLs');
    expect(refused('selector { background: url(data:text/html;base64,PHNjcmlwdD4=) }')).toBe('must not load data: URLs');
  });

  it('refuses expression() and the properties that ran code', () => {
    expect(refused('selector { width: expression(alert(1)) }')).toBe('must not use expression()');
    expect(refused('selector { width: exp\\72 ession(alert(1)) }')).toBe('must not use expression()');
    expect(refused('selector { behavior: url(/x.htc) }')).toBe('must not use the behavior property');
    expect(refused('selector { -moz-binding: url(/x.xml#x) }')).toBe('must not use the -moz-binding property');
  });

  it('refuses selectors that escape the element', () => {
    expect(refused('.title { color: red }')).toBe('must scope every selector to the element: ".title" does not start with "selector"');
    expect(refused('selector .a, body { display: none }')).toMatch(/"body" does not start with "selector"/);
    expect(refused('body selector { color: red }')).toMatch(/does not start with "selector"/);
    expect(refused('selector + p { color: red }')).toBe('must stay inside the element: "selector+p" reaches its siblings');
    expect(refused('selector:hover ~ div { color: red }')).toMatch(/reaches its siblings/);
    expect(refused('@media screen { .x { color: red } }')).toMatch(/does not start with "selector"/);
  });

  it('limits the length', () => {
    expect(refused(`selector { color: red }${' '.repeat(10_001)}`)).toMatch(/at most 10000 characters/);
  });

  it('answers null for empty settings and a message for other types', () => {
    expect(customCssProblem(undefined)).toBeNull();
    expect(customCssProblem('')).toBeNull();
    expect(customCssProblem('selector { color: red }')).toBeNull();
    expect(customCssProblem(42)).toBe('must be CSS as text');
    expect(customCssProblem('@import url(x.css);')).toMatch(/@import/);
  });
});
