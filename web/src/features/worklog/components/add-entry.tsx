import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { NewWorkStatus } from '@journal/common/schemas';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { worklogKeys } from '../api/keys';
import { useWorklogApi } from '../api/worklog.api';

/**
 * The add-entry page. Nothing is checked here: what the user typed is sent and the server
 * decides. On success the page returns to the list; a refusal (no status chosen, too long) is
 * shown in the form so the entry is not lost silently.
 */
export function AddEntry() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const worklog = useWorklogApi();
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
      await worklog.create({ status, content });
    } catch (err) {
      console.error('worklog: create failed', err);
      // A refusal says what to fix and keeps what was typed; a session that ended goes to login.
      if (err instanceof ApiError && err.status !== 401) {
        const detail = (err.body as { details?: { message?: string }[] } | undefined)?.details?.[0]?.message;
        setError(err.status < 500 ? (detail ?? err.message) : 'The entry could not be saved; try again.');
        setBusy(false);
        return;
      }
    } finally {
      await qc.invalidateQueries({ queryKey: worklogKeys.all });
      setBusy(false);
    }
    navigate(paths.webdata.root);
  }

  return (
    <section className="worklog-add-page">
      <Link to={paths.webdata.root} className="worklog-back" aria-label="Back">
        &#8592;
      </Link>
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
    </section>
  );
}
