import { useState } from 'react';
import { CATALOGS } from '../../core/shop/catalog';
import { type DepartmentInput, type DepartmentRecord } from '../../core/wire/catalogue-admin';
import * as catalogue from '../../core/api/catalogue';
import { urlOf } from '../../core/api/client';
import { withNonce } from '../../core/http';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import { useForm, TextField, NumberField, SelectField, OtherErrors, saveForm } from './parts';
import { AuditTrail } from './audit-trail';

// The department tree.

export function DepartmentsScreen() {
  const [message, setMessage] = useState('');
  const [data, reload] = useAdminData(catalogue.departments, setMessage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const empty = (): DepartmentInput => ({ title: '', slug: '', parent_id: null, position: 0, catalog: 'grocery' });
  const form = useForm<DepartmentInput>(empty(), 'department');
  const all = data?.items ?? [];
  const tops = all.filter((d) => d.parent_id === null);
  const open = (d: DepartmentRecord | null) => {
    setMessage('');
    form.replace(d ? { title: d.title, slug: d.slug, parent_id: d.parent_id, position: d.position, catalog: d.catalog } : empty());
    setEditing(d?.id ?? null);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createDepartment, update: catalogue.updateDepartment },
      editing ?? null,
      setMessage,
      `department “${form.value.title}”`,
    );
    if (saved) {
      setEditing(saved.id);
      void reload();
    }
  };
  const exportUrl = withNonce(urlOf(catalogue.departmentsCsv));
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <div className="admin-buttons">
        <button type="button" onClick={() => open(null)}>
          New department
        </button>
        <a className="button" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      {data ? (
        <AdminTable caption="Departments" columns={['Department', 'Catalogue', 'Order', 'Products', 'Actions']}>
          {tops.flatMap((top) =>
            [top, ...all.filter((d) => d.parent_id === top.id)].map((d) => (
              <tr key={d.id}>
                <td>{d.parent_id ? `— ${d.title}` : d.title}</td>
                <td>{d.catalog}</td>
                <td>{d.position}</td>
                <td>{d.product_count}</td>
                <td>
                  <button type="button" onClick={() => open(d)} aria-label={`Edit ${d.title}`}>
                    Edit
                  </button>
                </td>
              </tr>
            )),
          )}
        </AdminTable>
      ) : (
        <p>Loading…</p>
      )}
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="department-heading">
          <h2 id="department-heading">{editing ? `Edit department ${form.value.title}` : 'New department'}</h2>
          <TextField form={form} name="title" label="Name" />
          <TextField form={form} name="slug" label="Slug" />
          <SelectField
            form={form}
            name="parent_id"
            label="Under"
            nullable
            numeric
            options={tops.filter((d) => d.id !== editing).map((d) => [d.id, d.title] as const)}
          />
          <NumberField form={form} name="position" label="Order (smaller first)" step="1" />
          <SelectField form={form} name="catalog" label="Catalogue" options={CATALOGS.map((c) => [c, c] as const)} />
          <OtherErrors form={form} shown={Object.keys(form.value)} />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save department
            </button>
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} of={{ entity: 'department', id: editing }} title="History of this department" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
