import { api } from '../../core/api/client';
import * as adminApi from '../../core/api/admin';
import { useState } from 'react';
import { errorMessage, fieldErrors, type FieldErrors } from '../../core/http';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';

// Redirects (/admin/redirects, docs/seo.md): the addresses that moved. Slug changes add theirs on their own;
// editors add and remove others, and import a CSV of old → new addresses from a previous site after a dry run
// that reports loops, chains and targets that do not exist. A refused row imports nothing.

interface Redirect {
  id: number;
  from_path: string;
  to_path: string;
  source: string;
  created_at: number;
}
interface ReportRow {
  line: number;
  from: string;
  to: string;
  problems: Array<{ field: string; message: string }>;
  notes: string[];
}
interface Report {
  dry_run: boolean;
  rows: ReportRow[];
  accepted: number;
  refused: number;
  chains: number;
}

const SOURCE: Record<string, string> = { slug: 'Slug change', manual: 'Added here', import: 'Imported' };

export function RedirectsScreen() {
  const [status, setStatus] = useState('');
  const [data, reload] = useAdminData(adminApi.redirects, setStatus);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [csv, setCsv] = useState('');
  const [csvError, setCsvError] = useState<string | undefined>();
  const [report, setReport] = useState<Report | null>(null);

  async function add() {
    setErrors({});
    try {
      await api(adminApi.addRedirect, { body: { from, to } });
      setStatus(`Added: ${from} → ${to}.`);
      setFrom('');
      setTo('');
      await reload();
    } catch (e) {
      setErrors(fieldErrors(e));
      setStatus(`Not added: ${errorMessage(e)}`);
    }
  }

  async function remove(r: Redirect) {
    try {
      await api(adminApi.deleteRedirect, { params: { id: r.id } });
      setStatus(`Removed the redirect from ${r.from_path}.`);
      await reload();
    } catch (e) {
      setStatus(`Not removed: ${errorMessage(e)}`);
    }
  }

  async function runImport(dryRun: boolean) {
    setCsvError(undefined);
    try {
      const result = await api(adminApi.importRedirects, { body: { csv, dry_run: dryRun } });
      setReport(result);
      setStatus(
        dryRun
          ? `Dry run: ${result.accepted} would be imported, ${result.refused} refused, ${result.chains} chains shortened.`
          : `Imported ${result.accepted} redirect${result.accepted === 1 ? '' : 's'}.`,
      );
      if (!dryRun) await reload();
    } catch (e) {
      setCsvError(fieldErrors(e).csv ?? errorMessage(e));
      setStatus(`Not imported: ${errorMessage(e)}`);
      // The report says which rows were refused and why.
      if (!dryRun) await api(adminApi.importRedirects, { body: { csv, dry_run: true } }).then(setReport, () => undefined);
    }
  }

  return (
    <div className="redirects-screen">
      <AdminStatus message={status} />
      <section aria-labelledby="redirect-add">
        <h2 id="redirect-add">Add a redirect</h2>
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <AdminField id="redirect-from" label="Old address" error={errors.from}>
            <input
              id="redirect-from"
              type="text"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              {...errorProps('redirect-from', errors.from)}
            />
          </AdminField>
          <AdminField id="redirect-to" label="New address" error={errors.to}>
            <input
              id="redirect-to"
              type="text"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              {...errorProps('redirect-to', errors.to)}
            />
          </AdminField>
          <button type="submit">Add redirect</button>
        </form>
      </section>

      <section aria-labelledby="redirect-import">
        <h2 id="redirect-import">Import from a previous site</h2>
        <p>One redirect a line: old address, new address (a header line is allowed). Check it first with a dry run.</p>
        <AdminField id="redirect-csv-file" label="CSV file" error={undefined}>
          <input
            id="redirect-csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </AdminField>
        <AdminField id="redirect-csv" label="CSV" error={csvError}>
          <textarea
            id="redirect-csv"
            rows={6}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            {...errorProps('redirect-csv', csvError)}
          />
        </AdminField>
        <p>
          <button type="button" onClick={() => void runImport(true)}>
            Dry run
          </button>{' '}
          <button type="button" onClick={() => void runImport(false)}>
            Import
          </button>
        </p>
        {report ? <ImportReport report={report} /> : null}
      </section>

      <section aria-labelledby="redirect-list">
        <h2 id="redirect-list">Redirects</h2>
        {data ? <RedirectList items={data.items} onRemove={(r) => void remove(r)} /> : null}
      </section>
    </div>
  );
}

/** What a dry run or an import did with each line of the CSV. */
function ImportReport({ report }: { report: Report }) {
  return (
    <AdminTable caption={report.dry_run ? 'Dry run report' : 'Import report'} captionVisible columns={['Line', 'Old', 'New', 'Result']}>
      {report.rows.map((r) => (
        <tr key={r.line} data-refused={r.problems.length ? 'yes' : 'no'}>
          <td>{r.line}</td>
          <td>{r.from}</td>
          <td>{r.to}</td>
          <td>
            {r.problems.length ? `Refused: ${r.problems.map((p) => p.message).join(' ')}` : r.notes.length ? r.notes.join(' ') : 'OK'}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The redirects in force, each removable. */
function RedirectList({ items, onRemove }: { items: Redirect[]; onRemove: (r: Redirect) => void }) {
  if (items.length === 0) return <p>No redirects yet.</p>;
  return (
    <AdminTable caption="Redirects" columns={['Old address', 'New address', 'Source', 'Actions']}>
      {items.map((r) => (
        <tr key={r.id}>
          <td>{r.from_path}</td>
          <td>
            <a href={r.to_path}>{r.to_path}</a>
          </td>
          <td>{SOURCE[r.source] ?? r.source}</td>
          <td>
            <button type="button" onClick={() => onRemove(r)} aria-label={`Remove the redirect from ${r.from_path}`}>
              Remove
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
