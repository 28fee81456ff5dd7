// The contact form's rules, shared by the island (messages next to the fields) and the server (400).

export interface ContactInput {
  name: string;
  email: string;
  phone: string;
  store_id: string;
  topic: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export const CONTACT_TOPICS = ['Store experience', 'Online order', 'Product question', 'Catering', 'Other'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateContact(input: Partial<Record<keyof ContactInput, unknown>>, storeIds: number[]): ContactErrors {
  const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const errors: ContactErrors = {};
  const name = text(input.name);
  if (!name) errors.name = 'Enter your name.';
  else if (name.length > 100) errors.name = 'Use at most 100 characters.';
  const email = text(input.email);
  if (!email) errors.email = 'Enter your email address.';
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = 'Enter a valid email address, like name@example.com.';
  const phone = text(input.phone);
  if (phone && !/^[\d\s()+.-]{7,20}$/.test(phone)) errors.phone = 'Enter a phone number with 7 to 20 digits, or leave it empty.';
  const store = Number(text(input.store_id));
  if (!text(input.store_id)) errors.store_id = 'Choose a store.';
  else if (!storeIds.includes(store)) errors.store_id = 'Choose a store from the list.';
  if (!(CONTACT_TOPICS as readonly string[]).includes(text(input.topic))) errors.topic = 'Choose a topic.';
  const message = text(input.message);
  if (message.length < 10) errors.message = 'Write at least 10 characters.';
  else if (message.length > 2000) errors.message = 'Use at most 2000 characters.';
  return errors;
}
