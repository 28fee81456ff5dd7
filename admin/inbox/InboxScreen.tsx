import * as adminApi from '../../core/api/admin';
import { useState } from 'react';
import { useAdminData } from '../use-admin-data';
import { FormSubmissions } from './FormSubmissions';

// The inbox: what visitors sent through the page builder's forms and through the contact form, newest first.
export function InboxScreen() {
  return (
    <>
      <section aria-labelledby="inbox-forms">
        <h2 id="inbox-forms">Form submissions</h2>
        <FormSubmissions />
      </section>
      <section aria-labelledby="inbox-contact">
        <h2 id="inbox-contact">Contact messages</h2>
        <ContactMessages />
      </section>
    </>
  );
}

function ContactMessages() {
  const [error, setError] = useState('');
  const [inbox] = useAdminData(adminApi.contactInbox, setError);
  const messages = inbox?.messages;
  if (error) return <p role="alert">{error}</p>;
  if (!messages) return <p>Loading…</p>;
  if (!messages.length) return <p>No messages yet.</p>;
  return (
    <ul className="admin-inbox">
      {messages.map((m) => (
        <li key={m.id} className="admin-inbox-message">
          <h3>
            {m.topic} · {m.store_name ?? 'Unknown store'}
          </h3>
          <p className="admin-inbox-from">
            {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;{m.phone ? ` · ${m.phone}` : ''} ·{' '}
            <time dateTime={new Date(m.created_at).toISOString()}>{new Date(m.created_at).toLocaleString()}</time>
          </p>
          <p className="admin-inbox-text">{m.message}</p>
        </li>
      ))}
    </ul>
  );
}
