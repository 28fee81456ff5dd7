import { useState } from 'react';
import { api } from '../../core/api/client';
import * as catalogue from '../../core/api/catalogue';
import { HttpError as RequestError } from '../../core/http';
import type { MerchandiserInput, MerchandiserRecord } from '../../core/wire/catalogue-admin';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import { TextField, useForm } from './parts';

// Who holds the merchandiser role (administrators only): grant it to an account by its email, take it away.
// Every change is in the audit log (docs/catalogue.md, "Merchandisers").
export function MerchandisersScreen() {
  const [message, setMessage] = useState('');
  const [data, reload] = useAdminData(catalogue.merchandisers, setMessage);
  const form = useForm<MerchandiserInput>({ email: '' }, 'merchandiser');
  const grant = async () => {
    form.setErrors({});
    try {
      const added = await api(catalogue.grantMerchandiser, { body: form.value });
      setMessage(`${added.name} (${added.email}) is a merchandiser.`);
      form.replace({ email: '' });
      void reload();
    } catch (e) {
      if (e instanceof RequestError) form.setErrors(e.fields);
      setMessage(`Not granted: ${(e as Error).message}`);
    }
  };
  const revoke = async (m: MerchandiserRecord) => {
    try {
      await api(catalogue.revokeMerchandiser, { params: { id: m.id } });
      setMessage(`${m.name} (${m.email}) is no longer a merchandiser.`);
      void reload();
    } catch (e) {
      setMessage(`Not removed: ${(e as Error).message}`);
    }
  };
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      {data ? (
        data.items.length ? (
          <AdminTable caption="Merchandisers" columns={['Name', 'Email', 'Actions']}>
            {data.items.map((m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>
                  <button type="button" onClick={() => void revoke(m)} aria-label={`Remove the merchandiser role from ${m.email}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p>No account holds the merchandiser role.</p>
        )
      ) : (
        <p>Loading…</p>
      )}
      <form
        className="catalogue-form"
        aria-labelledby="merchandiser-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void grant();
        }}
      >
        <h2 id="merchandiser-heading">Grant the merchandiser role</h2>
        <TextField
          form={form}
          name="email"
          label="Account email"
          hint="The account must exist already (it signs up or is created first)."
        />
        <button type="submit">Grant</button>
      </form>
    </div>
  );
}
