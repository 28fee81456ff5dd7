// Argument checks with the exact messages of docs/behaviour.md ("Errors and messages"). They are developer errors, never shown to shoppers.

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

/**
 * A base class may carry this static brand so that subclasses built into another bundle still count as its
 * subclasses: the editor bundles core/ itself while the chunks it loads share the runtime build's copy, so
 * `instanceof` alone would see two unrelated classes. Statics are inherited, so every subclass has the brand.
 */
export const CLASS_BRAND: unique symbol = Symbol.for('harvest-lane.class-brand');

function brandOf(value: unknown): unknown {
  return typeof value === 'function' ? (value as unknown as Record<symbol, unknown>)[CLASS_BRAND] : undefined;
}

/** Throws 'invalid constructor type' when ctor is not a subclass of base (or base itself). */
export function requireSubclass(ctor: unknown, base: abstract new (...args: never[]) => unknown): void {
  if (typeof ctor !== 'function') throw new Error(messages.invalidConstructorType);
  if (ctor === base || ctor.prototype instanceof base) return;
  const brand = brandOf(base);
  if (brand === undefined || brandOf(ctor) !== brand) throw new Error(messages.invalidConstructorType);
}
