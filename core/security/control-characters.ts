// Text fields refuse control characters: PostgreSQL refuses NUL in text columns, and nobody needs the others
// in a title, a name or a kit label. One definition for the editor, the kits and the account forms.
const CONTROL = /\p{Cc}/u;

export const hasControlCharacters = (value: string): boolean => CONTROL.test(value);
