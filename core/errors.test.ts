import { describe, expect, it } from 'vitest';
import { requireArg, requireSubclass, requireType } from './errors';

class Base {
  connect(): void {}
  disconnect(): void {}
}
class Child extends Base {}
// The same base class from another bundle (the editor's copy of the runtime), and a class that is not one.
class OtherCopyOfBase {
  connect(): void {}
  disconnect(): void {}
}
class FromOtherCopy extends OtherCopyOfBase {}
class HalfShaped {
  connect(): void {}
}

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
    expect(() => requireSubclass(FromOtherCopy, Base)).not.toThrow();
    expect(() => requireSubclass(HalfShaped, Base)).toThrow('invalid constructor type');
    expect(() => requireSubclass(() => {}, Base)).toThrow('invalid constructor type');
  });
});
