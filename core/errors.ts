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

/** Throws 'invalid constructor type' when ctor is not a subclass of base (or base itself). */
export function requireSubclass(ctor: unknown, base: abstract new (...args: never[]) => unknown): void {
  if (typeof ctor !== 'function' || !(ctor === base || ctor.prototype instanceof base)) {
    throw new Error(messages.invalidConstructorType);
  }
}
