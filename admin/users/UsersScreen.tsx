import { api } from '../../core/api/client';
import * as adminApi from '../../core/api/admin';
import { useState } from 'react';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';

interface Account {
  id: number;
  email: string;
  name: string;
  roles: string[];
}

// Accounts, and a one-time password reset link per account (there is no email: hand the link to its owner).
export function UsersScreen() {
  const [links, setLinks] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [accounts] = useAdminData(adminApi.users, setError);
  const users = accounts?.users;
  const issue = async (user: Account) => {
    try {
      const { path } = await api(adminApi.resetLink, { params: { id: user.id } });
      setLinks((all) => ({ ...all, [user.id]: new URL(path, location.origin).href }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!users) return error ? <p role="alert">{error}</p> : <p>Loading…</p>;
  return (
    <>
      {error ? <p role="alert">{error}</p> : null}
      <AdminTable caption="Accounts" columns={['Name', 'Email', 'Roles', 'Password reset']} className="users-table">
        {users.map((u) => (
          <tr key={u.id}>
            <td>{u.name}</td>
            <td>{u.email}</td>
            <td>{u.roles.join(', ')}</td>
            <td>
              {links[u.id] ? (
                <output aria-label={`Reset link for ${u.email} (works once, for 24 hours)`}>{links[u.id]}</output>
              ) : (
                <button type="button" className="button" onClick={() => void issue(u)}>
                  Create a reset link<span className="visually-hidden"> for {u.email}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
