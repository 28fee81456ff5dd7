// Argument checks with the exact messages of SPEC §8. They are developer errors, never shown to shoppers.

export const messages = {
  required: (name: string) => `${name} is required.`,
  invalidType: (name: string) => `${name} invalid type`,
  invalidInstance: 'invalid instance',
  invalidConstructorType: 'invalid constructor type',
  notImplemented: 'The method must be implemented in the inheritor child',
  generic: 'An error occurs',
} as const;

type TypeName = 'string' | 'number' | 'boolean' | 'object' | 'function';

/** Throws '{name} is required.' when the value is undefined or null. */
export function requireArg<T>(value: T | undefined | null, name: string): T {
  if (value === undefined || value === null) throw new Error(messages.required(name));
  return value;
}

/** Throws '{name} invalid type' when typeof does not match. */
export function requireType(value: unknown, type: TypeName, name: string): void {
  requireArg(value, name);
  if (typeof value !== type) throw new Error(messages.invalidType(name));
}

const methodNames = (proto: object): string[] =>
  Object.getOwnPropertyNames(proto).filter(
    (k) => k !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, k)?.value === 'function',
  );

/**
 * Throws 'invalid constructor type' when ctor is not a subclass of base (or base itself). A class built on
 * another bundle's copy of base passes when its prototype chain has every method of base: the editor
 * bundles its own runtime while the lazy chunks share the published runtime's base class, so `instanceof`
 * alone would refuse every chunk there.
 */
export function requireSubclass(ctor: unknown, base: abstract new (...args: never[]) => unknown): void {
  if (typeof ctor !== 'function') throw new Error(messages.invalidConstructorType);
  if (ctor === base || ctor.prototype instanceof base) return;
  const proto: unknown = ctor.prototype;
  const methods = methodNames(base.prototype as object);
  const sameShape =
    typeof proto === 'object' && proto !== null && methods.length > 0 && methods.every((k) => typeof Reflect.get(proto, k) === 'function');
  if (!sameShape) throw new Error(messages.invalidConstructorType);
}
