// A message sent through the contact form, as the contact inbox answers it (GET …/contact-messages).

export interface ContactMessage {
  id: number;
  store_id: number;
  /** The store it was addressed to, or null when that store is gone. */
  store_name: string | null;
  name: string;
  email: string;
  phone: string;
  topic: string;
  message: string;
  created_at: number;
}

export interface ContactInboxPage {
  messages: ContactMessage[];
  total: number;
  page: number;
  per_page: number;
}
