import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { NewWorkStatus } from '@journal/contracts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { worklogKeys } from '../api/keys';
import { useWorklogApi } from '../api/worklog.api';

export interface NewEntry {
  status: NewWorkStatus | '';
  content: string;
}

/** docs/product.md#worklog: /webdata/addentris. On success the page returns to the list. */
export function AddEntry() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const worklog = useWorklogApi();

  async function create(input: NewEntry) {
    try {
      await worklog.create(input);
    } catch (err) {
      // A refusal stays in the form; anything else (an ended session, no network) is logged and
      // the list opens, as after a success.
      if (err instanceof ApiError && err.status !== 401) throw err;
      console.error('worklog: create failed', err);
    } finally {
      // Dropped, not marked stale: the list opens on its loading line and then the entry, never
      // first on the rows it had before the entry was added.
      qc.removeQueries({ queryKey: worklogKeys.all });
    }
    navigate(paths.webdata.root);
  }

  return (
    <section className="worklog-add-page">
      <Link to={paths.webdata.root} className="worklog-back" aria-label="Back">
        &#8592;
      </Link>
      <AddEntryForm onSubmit={create} />
    </section>
  );
}

/**
 * The add-entry form. Nothing is checked here: what the user typed is sent and the server
 * decides. A refusal (no status chosen, too long) is shown in the form so the entry is not lost
 * silently; a session that ended is the api client's business.
 */
export function AddEntryForm({ onSubmit }: { onSubmit: (input: NewEntry) => Promise<void> }) {
  const [status, setStatus] = useState<NewWorkStatus | ''>('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!getSession()) {
      console.log('please provide token');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSubmit({ status, content });
    } catch (err) {
      console.error('worklog: create failed', err);
      // A refusal says what to fix and keeps what was typed.
      if (err instanceof ApiError) {
        setError(err.status < 500 ? (err.details[0]?.message ?? err.message) : 'The entry could not be saved; try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="worklog-add-form" onSubmit={submit}>
      <label>
        Status
        <select name="status" value={status} onChange={(e) => setStatus(e.target.value as NewWorkStatus | '')}>
          <option value="">Select Type</option>
          <option value="info">Information</option>
          <option value="urgent">Urgent</option>
        </select>
      </label>
      <input type="text" name="content" placeholder="Your Content" aria-label="Your Content" value={content} onChange={(e) => setContent(e.target.value)} />
      <button type="submit" disabled={busy}>
        Submit
      </button>
      {error && (
        <p className="worklog-add-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
