import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE, eagerCompilePlugin } from './eager-compile.mjs';

type Hook = (options: unknown, bundle: Record<string, unknown>) => void;

const chunk = (fileName: string, moduleIds: string[], code: string) => ({ type: 'chunk', fileName, moduleIds, code });
const map = (mappings: string) => ({ type: 'asset', source: JSON.stringify({ version: 3, sources: ['a.ts'], mappings }) });

describe('the compile hint of the runtime build', () => {
  it('starts Swiper’s file with V8’s hint and moves its source map down one line; other files stay as they are', () => {
    const bundle: Record<string, ReturnType<typeof chunk> | ReturnType<typeof map>> = {
      'shared-a.js': chunk('shared-a.js', ['/w/node_modules/swiper/shared/swiper-core.mjs', '/w/core/x.ts'], 'var a=1;'),
      'shared-a.js.map': map('AAAA,CAAC'),
      'boot-b.js': chunk('boot-b.js', ['/w/core/boot.ts'], 'var b=2;'),
      'boot-b.js.map': map('AAAA'),
    };
    (eagerCompilePlugin().generateBundle as unknown as Hook)({}, bundle);
    const swiper = bundle['shared-a.js'] as ReturnType<typeof chunk>;
    expect(swiper.code).toBe(`${EAGER_COMPILE}\nvar a=1;`);
    expect(EAGER_COMPILE).toBe('//# allFunctionsCalledOnLoad');
    // Generated line 1 is the hint (no mapping); the code's mappings now describe line 2.
    expect(JSON.parse(String((bundle['shared-a.js.map'] as ReturnType<typeof map>).source)).mappings).toBe(';AAAA,CAAC');
    expect((bundle['boot-b.js'] as ReturnType<typeof chunk>).code).toBe('var b=2;');
    expect(JSON.parse(String((bundle['boot-b.js.map'] as ReturnType<typeof map>).source)).mappings).toBe('AAAA');
  });
});
