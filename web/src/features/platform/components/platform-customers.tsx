import { useId, useState, type FormEvent } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { platformSushiCustomerInputSchema, platformSushiCustomerUpdateSchema, type PlatformCustomer } from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { StaffTable } from '@/components/staff-table';
import { ReauthCancelled, usePasswordRecheck } from '@/components/reauth-prompt';
import { ApiError } from '@/lib/api-client';
import { firstProblem } from '@/lib/form-errors';
import { platformKeys, type PlatformApi } from '../api/platform.api';

/** What a refused call says: the server's words; nothing for an ended session (the sign-in follows) or a cancelled password prompt. */
const refusal = (err: unknown): string | null => {
  if (err instanceof ReauthCancelled || (err instanceof ApiError && err.status === 401)) return null;
  return err instanceof ApiError && err.status < 500 ? err.message : 'The change could not be saved. Try again.';
};

interface Fields {
  name: string;
  customerId: string;
  requestorId: string;
  journals: string;
  allUsage: boolean;
  ipRanges: string;
}

const EMPTY: Fields = { name: '', customerId: '', requestorId: '', journals: '*', allUsage: false, ipRanges: '' };
/** One a line (commas and spaces separate them too). */
const listOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const fieldsOf = (c: PlatformCustomer): Fields => ({
  name: c.name, customerId: c.customerId, requestorId: c.requestorId, journals: c.journals.join(' '), allUsage: c.allUsage, ipRanges: c.ipRanges.join('\n'),
});
const bodyOf = (f: Fields) => ({
  name: f.name, customerId: f.customerId, requestorId: f.requestorId, journals: listOf(f.journals), allUsage: f.allUsage, ipRanges: f.allUsage ? [] : listOf(f.ipRanges),
});

/** A customer's fields: who it is, which journals it may harvest, and whose usage it is reported. */
function CustomerForm({ initial, editing, busy, onSave, onCancel }: {
  initial: Fields;
  editing: boolean;
  busy: boolean;
  onSave: (f: Fields) => void;
  onCancel?: () => void;
}) {
  const [f, setF] = useState(initial);
  const hint = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(f);
  };
  return (
    <form onSubmit={submit} noValidate className="counter-customer-form" aria-label={editing ? `Edit ${initial.name}` : 'Add a customer'}>
      <label>
        Institution
        <input value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
      </label>
      {!editing && (
        <label>
          Customer ID
          <input value={f.customerId} onChange={(e) => setF({ ...f, customerId: e.target.value })} />
        </label>
      )}
      <label>
        Requestor ID (optional)
        <input value={f.requestorId} onChange={(e) => setF({ ...f, requestorId: e.target.value })} />
      </label>
      <label>
        Journals
        <input value={f.journals} onChange={(e) => setF({ ...f, journals: e.target.value })} aria-describedby={`${hint}-j`} />
      </label>
      <p className="hint" id={`${hint}-j`}>
        * for every journal, or the journals&apos; short names (slugs) separated by spaces.
      </p>
      <fieldset>
        <legend>Usage reported</legend>
        <label>
          <input type="radio" checked={!f.allUsage} onChange={() => setF({ ...f, allUsage: false })} /> Readers from its IP ranges
        </label>
        <label>
          <input type="radio" checked={f.allUsage} onChange={() => setF({ ...f, allUsage: true })} /> All readers (a consortium or a monitor)
        </label>
      </fieldset>
      {!f.allUsage && (
        <>
          <label>
            IP ranges
            <textarea rows={3} value={f.ipRanges} onChange={(e) => setF({ ...f, ipRanges: e.target.value })} aria-describedby={`${hint}-r`} />
          </label>
          <p className="hint" id={`${hint}-r`}>
            One a line: an address, a CIDR block (192.0.2.0/24) or first-last. Usage is counted for the institution from when they are saved.
          </p>
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {editing ? 'Save changes' : 'Add customer'}
      </button>
      {onCancel && (
        <>
          {' '}
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </>
      )}
    </form>
  );
}

/**
 * The platform's SUSHI customers: listed, added (the API key shown once), edited and removed, each
 * change after the operator's password again (docs/security.md#recent-authentication).
 */
export function PlatformCustomers({ api, query }: { api: PlatformApi; query: UseQueryResult<PlatformCustomer[]> }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<PlatformCustomer | null>(null);
  const [made, setMade] = useState<{ name: string; apiKey: string } | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const { guard, prompt } = usePasswordRecheck(api.reauth, refusal);
  const run = async (change: () => Promise<string>, action: string) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const said = await guard(change, action);
      // Said once the list and the recent changes show it (said before, it came over the old list).
      await Promise.all([qc.invalidateQueries({ queryKey: platformKeys.customers() }), qc.invalidateQueries({ queryKey: platformKeys.customerChanges() })]);
      setDone(said);
    } catch (err) {
      setError(refusal(err) ?? '');
    } finally {
      setBusy(false);
    }
  };
  const remove = (c: PlatformCustomer) => {
    if (!window.confirm(`Remove ${c.name}? Its API key stops working at once.`)) return;
    void run(async () => {
      await api.removeCustomer(c.customerId);
      if (editing?.id === c.id) setEditing(null);
      return `${c.name} removed`;
    }, `remove ${c.name}`);
  };
  const add = (f: Fields) => {
    const parsed = platformSushiCustomerInputSchema.safeParse(bodyOf(f));
    if (!parsed.success) return setError(firstProblem(parsed.error));
    void run(async () => {
      const r = await api.addCustomer(parsed.data);
      setMade({ name: r.customer.name, apiKey: r.apiKey });
      setFormKey((k) => k + 1);
      return `${r.customer.name} added`;
    }, `add ${parsed.data.name}`);
  };
  const save = (c: PlatformCustomer) => (f: Fields) => {
    const { customerId: _id, ...body } = bodyOf(f);
    const parsed = platformSushiCustomerUpdateSchema.safeParse(body);
    if (!parsed.success) return setError(firstProblem(parsed.error));
    void run(async () => {
      await api.updateCustomer(c.customerId, parsed.data);
      setEditing(null);
      return `${f.name} saved`;
    }, `change ${c.name}`);
  };
  const rows = query.data ?? [];
  return (
    <section aria-labelledby="platform-customers-h">
      <h2 id="platform-customers-h">SUSHI customers</h2>
      <p className="hint">
        Libraries and consortia harvest the platform&apos;s reports from <code>{`${window.location.origin}/counter/r51/`}</code> with their Customer ID,
        Requestor ID (when set) and API key.
      </p>
      <QueryStates query={query} failed="The customers could not be loaded. Reload the page to try again." empty="No customers yet." isEmpty={rows.length === 0} />
      {rows.length > 0 && (
        <StaffTable columns={['Institution', 'Customer ID', 'Requestor ID', 'Journals', 'Usage reported', 'Added', '']} label="SUSHI customers">
          {rows.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{c.customerId}</td>
              <td>{c.requestorId || '—'}</td>
              <td>{c.journals.includes('*') ? 'Every journal' : c.journals.join(', ')}</td>
              <td>{c.allUsage ? 'All readers' : `From ${c.ipRanges.join(', ')}`}</td>
              <td>{new Date(c.createdAt).toLocaleDateString()}</td>
              <td>
                <button type="button" className="btn" disabled={busy} onClick={() => setEditing(c)}>
                  Edit<span className="visually-hidden"> {c.name}</span>
                </button>{' '}
                <button type="button" className="btn" disabled={busy} onClick={() => remove(c)}>
                  Remove<span className="visually-hidden"> {c.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {editing && <CustomerForm key={editing.id} initial={fieldsOf(editing)} editing busy={busy} onSave={save(editing)} onCancel={() => setEditing(null)} />}
      {made && (
        <p className="admin-ok" role="status">
          API key of {made.name} (shown this once; give it to the institution now): <code>{made.apiKey}</code>
        </p>
      )}
      {prompt}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {done && !error && (
        <p className="admin-ok" role="status">
          {done}
        </p>
      )}
      {query.data && <CustomerForm key={formKey} initial={EMPTY} editing={false} busy={busy} onSave={add} />}
    </section>
  );
}
