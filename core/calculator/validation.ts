// Drink calculator validation (docs/behaviour.md), messages word for word.

export const LENGTH_MESSAGE = 'Must be between 1 and 4 hours';
export const GUESTS_MESSAGE = 'Must be between 1 and 2000 people';

const asNumber = (value: string | number): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** Length must be a number from 1 to 4 (hours). Returns the message, or null when valid. */
export function validateLength(value: string | number): string | null {
  const n = asNumber(value);
  return Number.isFinite(n) && n >= 1 && n <= 4 ? null : LENGTH_MESSAGE;
}

/** Guests must be a whole number of at least 1; 2000 appears only in the message and is not checked. */
export function validateGuests(value: string | number): string | null {
  const n = asNumber(value);
  return Number.isInteger(n) && n >= 1 ? null : GUESTS_MESSAGE;
}

/** A percent typed into a slider box: 0-100 is taken, anything else restores the previous value. */
export function percentInput(typed: string, previous: number): number {
  const n = asNumber(typed);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : previous;
}
