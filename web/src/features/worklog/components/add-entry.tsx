import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { NewWorkStatus } from '@journal/common/schemas';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { createEntry, worklogKeys } from '../api/worklog.api';

/**
 * docs/product.md#worklog: /webdata/addentris. Nothing is checked here: what the user typed is sent and
 * the server decides; the page returns to the list when the call completes, failures only logged.
 */
export function AddEntry() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [status, setStatus] = useState<NewWorkStatus | ''>('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!getSession()) {
      console.log('please provide token');
      return;
    }
    setBusy(true);
    try {
      await createEntry({ status, content });
    } catch (err) {
      console.error('worklog: create failed', err);
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
      </form>
    </section>
  );
}
