import { describe, expect, it } from 'vitest';
import { CLASS_BRAND, requireArg, requireSubclass, requireType } from './errors';

class Base {}
class Child extends Base {}

describe('argument checks (their exact messages)', () => {
  it('names the missing argument', () => {
    expect(() => requireArg(undefined, 'element')).toThrow('element is required.');
    expect(() => requireArg(null, 'settings')).toThrow('settings is required.');
    expect(requireArg(0, 'zero')).toBe(0);
  });
  it('names an argument of the wrong type', () => {
    expect(() => requireType(5, 'string', 'chunk')).toThrow('chunk invalid type');
    expect(() => requireType('x', 'string', 'chunk')).not.toThrow();
  });
  it('checks constructors', () => {
    expect(() => requireSubclass(Object, Base)).toThrow('invalid constructor type');
    expect(() => requireSubclass('Child', Base)).toThrow('invalid constructor type');
    expect(() => requireSubclass(Child, Base)).not.toThrow();
  });
  it('accepts a subclass of a branded base built into another bundle (the editor loads runtime chunks)', () => {
    const makeBase = () =>
      class {
        static readonly [CLASS_BRAND] = 'handler';
      };
    const EditorCopy = makeBase();
    const ChunkCopy = makeBase();
    class ChunkHandler extends ChunkCopy {}
    expect(() => requireSubclass(ChunkHandler, EditorCopy)).not.toThrow();
    class Other {
      static readonly [CLASS_BRAND] = 'something else';
    }
    expect(() => requireSubclass(Other, EditorCopy)).toThrow('invalid constructor type');
    expect(() => requireSubclass(class {}, EditorCopy)).toThrow('invalid constructor type');
  });
});
