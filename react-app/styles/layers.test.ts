import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, parse, walk, type Declaration, type Rule } from 'css-tree';
import { describe, expect, it } from 'vitest';
import { STICKY_Z_INDEX } from '../../core/handlers/sticky/sticky';

// The popup explainer of a preview must not hide under a sticky element or the site's header: it is read while
// scrolling a long page. Only full-window overlays (an open off-canvas, `inset: 0`) may cover it.

interface Layer {
  selector: string;
  zIndex: number;
  position: string;
  fullWindow: boolean;
}

function layers(): Layer[] {
  const dir = join(__dirname);
  const out: Layer[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.css') && f !== 'editor.css')) {
    walk(parse(readFileSync(join(dir, file), 'utf8')), {
      visit: 'Rule',
      enter(node: Rule) {
        const decls: Record<string, string> = {};
        walk(node.block, {
          visit: 'Declaration',
          enter(d: Declaration) {
            decls[d.property] = generate(d.value).trim();
          },
        });
        const z = Number(decls['z-index']);
        if (!Number.isFinite(z)) return;
        out.push({
          selector: `${file}: ${generate(node.prelude)}`,
          zIndex: z,
          position: decls.position ?? '',
          fullWindow: decls.inset === '0',
        });
      },
    });
  }
  return out;
}

describe('the popup explainer layer', () => {
  it('sits above sticky elements, the header and every fixed widget, below only full-window overlays', () => {
    const all = layers();
    const explainer = all.find((l) => l.selector.endsWith('.e-popup-explainer'));
    expect(explainer).toBeDefined();
    const z = explainer?.zIndex ?? 0;
    expect(z).toBeGreaterThan(STICKY_Z_INDEX);
    const covering = all.filter(
      (l) =>
        l !== explainer &&
        !l.fullWindow &&
        (/sticky|fixed/.test(l.position) || /header/.test(l.selector)) &&
        l.zIndex >= z &&
        !/skip-link|e-off-canvas/.test(l.selector),
    );
    expect(covering.map((l) => `${l.selector} (${l.zIndex})`)).toEqual([]);
  });
});
