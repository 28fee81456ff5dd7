import { describe, expect, it } from 'vitest';
import { requireArg, requireSubclass, requireType } from './errors';

class Base {}
class Child extends Base {}

describe('argument checks (SPEC §8 messages)', () => {
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
});
