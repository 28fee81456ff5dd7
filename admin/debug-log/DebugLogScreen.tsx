import { api } from '../../core/api/client';
import * as adminApi from '../../core/api/admin';
import { useState } from 'react';
import { track } from '../../core/events/track';
import { DEBUG_LOG_FILE_NAME, saveJsonFile } from './download';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import { AdminStatus } from '../admin-status';

// The file-uploads debug log: what the upload handling accepted and rejected, with a download and a clear
// button (both POST with an empty body).
export function DebugLogScreen() {
  const [message, setMessage] = useState('');
  const [log, load] = useAdminData(adminApi.debugLog, setMessage);
  const entries = log?.entries ?? null;

  const download = async () => {
    try {
      const { data } = await api(adminApi.downloadDebugLog);
      saveJsonFile(data, DEBUG_LOG_FILE_NAME);
      setMessage(`Downloaded ${DEBUG_LOG_FILE_NAME}.`);
      track('admin_action', { action_type: 'download_log' });
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  const clear = async () => {
    try {
      const { cleared } = await api(adminApi.clearDebugLog);
      setMessage(`Cleared ${cleared} ${cleared === 1 ? 'entry' : 'entries'}.`);
      track('admin_action', { action_type: 'clear_log' });
      await load();
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  return (
    <div className="debug-log">
      <p>Uploads from the rich-text editor are logged here: every accepted file, and every refused one with the reason.</p>
      <div className="admin-buttons">
        <button type="button" className="button" onClick={() => void download()}>
          Download log
        </button>
        <button type="button" className="button" onClick={() => void clear()}>
          Clear log
        </button>
      </div>
      <AdminStatus message={message} />
      {entries === null ? (
        <p>Loading…</p>
      ) : entries.length === 0 ? (
        <p className="debug-log__empty">The log is empty.</p>
      ) : (
        <AdminTable caption="Upload log entries, newest first" columns={['Time', 'Level', 'Message']}>
          {entries.map((e) => (
            <tr key={e.id} className={`level-${e.level}`}>
              <td>
                <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString()}</time>
              </td>
              <td>{e.level}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
