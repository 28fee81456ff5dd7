import { describe, expect, it } from 'vitest';
import { listNameError, MAX_LIST_NAME } from './shopping-list';

describe('listNameError', () => {
  it.each([
    ['Weekly shop', null],
    ['  Party  ', null],
    ['x'.repeat(MAX_LIST_NAME), null],
    ['', 'Give the list a name.'],
    ['   ', 'Give the list a name.'],
    ['x'.repeat(MAX_LIST_NAME + 1), `A list name has at most ${MAX_LIST_NAME} characters.`],
    ['tab\there', 'A list name cannot contain control characters.'],
  ])('%j → %s', (name, error) => {
    expect(listNameError(name)).toBe(error);
  });
});
