import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useId, useRef, useState } from 'react';
import { Drawer, type DrawerState } from './Drawer';
import { AdminField, errorProps } from '../forms/admin-field';
import { RequestError } from './api';
import { fromSiteInput, pageSiteTimeZone, toSiteInput } from '../../core/schedule/site-time';
import type { DocumentWrite } from './useDocumentSaving';

/** Publish times are typed on the site's clock, whatever the editor's own timezone. */
const ZONE = pageSiteTimeZone();

// Scheduling: publish the saved draft at a date and time, take the page offline at another. Applied when the
// page is read, so it goes live by itself on every server. Times are on the site's clock, as in History.

export function SchedulePanel({
  documentId,
  initial,
  saveFirst,
  write,
  onScheduled,
  open,
  onOpenChange,
}: DrawerState & {
  documentId: number;
  initial: { publish_at?: number | null; unpublish_at?: number | null };
  /** Saves the draft (the schedule publishes the saved draft) and resolves when done. */
  saveFirst: () => Promise<void>;
  write: DocumentWrite;
  onScheduled: (version: number) => void;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  const [publishAt, setPublishAt] = useState(toSiteInput(initial.publish_at, ZONE));
  const [unpublishAt, setUnpublishAt] = useState(toSiteInput(initial.unpublish_at, ZONE));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const id = useId();

  const submit = async () => {
    setErrors({});
    try {
      await saveFirst();
      const r = await write(
        (base) =>
          api(editorApi.schedule, {
            params: { id: documentId },
            body: { publish_at: fromSiteInput(publishAt, ZONE), unpublish_at: fromSiteInput(unpublishAt, ZONE), base_version: base },
          }),
        (answer) => answer.version,
      );
      onScheduled(r.version);
      setMessage(
        r.publish_at || r.unpublish_at
          ? `Scheduled.${r.publish_at ? ` Goes live ${new Date(r.publish_at).toLocaleString(undefined, { timeZone: ZONE })}.` : ''}${r.unpublish_at ? ` Offline from ${new Date(r.unpublish_at).toLocaleString(undefined, { timeZone: ZONE })}.` : ''}`
          : 'No schedule.',
      );
    } catch (e) {
      if (e instanceof RequestError) setErrors(e.fields);
      setMessage(`Not scheduled: ${(e as Error).message}`);
    }
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void) => (
    <AdminField id={`${id}-${key}`} label={label} error={errors[key]}>
      <input
        id={`${id}-${key}`}
        type="datetime-local"
        value={value}
        onChange={(e) => set(e.target.value)}
        {...errorProps(`${id}-${key}`, errors[key])}
      />
    </AdminField>
  );

  return (
    <>
      <button type="button" ref={opener} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => onOpenChange(!open)}>
        Schedule
      </button>
      <Drawer id={`${id}-panel`} className="editor-schedule" label="Schedule" open={open} onOpenChange={onOpenChange} opener={opener}>
        <h2>Schedule</h2>
        {field('publish_at', `Publish the draft at (site time, ${ZONE})`, publishAt, setPublishAt)}
        {field('unpublish_at', `Unpublish at (site time, ${ZONE})`, unpublishAt, setUnpublishAt)}
        <div>
          <button type="button" className="button-primary" onClick={() => void submit()}>
            Save schedule
          </button>
        </div>
        {message ? <p role="status">{message}</p> : null}
      </Drawer>
    </>
  );
}
