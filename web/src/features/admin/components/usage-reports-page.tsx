import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  roleOpens,
  sushiCustomerInputSchema,
  sushiCustomerUpdateSchema,
  type SushiCustomer,
} from '@journal/contracts';
import { sessionRole } from '@/lib/session';
import { QueryStates } from '@/components/query-states';
import { useCounterApi } from '../api/counter.api';
import { adminKeys } from '../api/keys';
import { CounterReportFields, useReportChoice } from '@/components/counter-report-fields';
import { FileExportButton } from '@/components/file-export-button';
import { useReauth } from './reauth-prompt';
import { SaveOutcome, useSaveOutcome } from './save-outcome';
import { AdminTable } from './admin-table';

/** An institution's IP ranges as typed, with the rule they follow. */
function RangesField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const hint = useId();
  return (
    <>
      <label>
        {label}
        <textarea rows={3} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint} />
      </label>
      <p className="hint" id={hint}>
        One a line: an address, a CIDR block (192.0.2.0/24, 2001:db8::/48) or first-last. Usage from them is reported to the institution from when
        they are saved (addresses are not kept, so earlier months stay the world&apos;s); none, and it receives the world&apos;s usage.
      </p>
    </>
  );
}

/** The ranges as typed: one a line (commas and spaces separate them too). */
const rangesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * docs/product.md#counter: a COUNTER report of whole months, downloaded as TSV, XLSX or JSON: the
 * world's, or (managers) the one an institution harvests.
 */
function Reports({ customers }: { customers: SushiCustomer[] }) {
  const counterApi = useCounterApi();
  const choice = useReportChoice('tr');
  const { id, range, valid } = choice;
  const [customerId, setCustomerId] = useState('');
  const name = choice.fileName;
  return (
    <section aria-labelledby="counter-reports-h">
      <h2 id="counter-reports-h">COUNTER reports</h2>
      <CounterReportFields choice={choice}>
        {customers.length > 0 && (
          <label>
            Usage of
            <select value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
              <option value="">The World (all readers)</option>
              {customers.map((c) => (
                <option key={c.id} value={c.customerId}>
                  {c.name} {c.ipRanges.length ? '(its IP ranges)' : '(no IP ranges: the world\'s)'}
                </option>
              ))}
            </select>
          </label>
        )}
      </CounterReportFields>
      <div className="action-bar">
        <FileExportButton
          label="Download TSV"
          download={() => counterApi.report(id, range.begin, range.end, 'tsv', customerId)}
          fallbackName={name('tsv')}
          failure="The report could not be made."
          disabled={!valid}
        />
        <FileExportButton
          label="Download XLSX"
          download={() => counterApi.report(id, range.begin, range.end, 'xlsx', customerId)}
          fallbackName={name('xlsx')}
          failure="The report could not be made."
          disabled={!valid}
        />
        <FileExportButton
          label="Download JSON"
          download={() => counterApi.report(id, range.begin, range.end, 'json', customerId)}
          fallbackName={name('json')}
          failure="The report could not be made."
          disabled={!valid}
        />
      </div>
    </section>
  );
}

/** docs/product.md#counter: the institutions that harvest over SUSHI; the key is shown once. */
function Customers({ q }: { q: ReturnType<typeof useCustomers> }) {
  const counterApi = useCounterApi();
  const qc = useQueryClient();
  const [form, setForm] = useState({ name: '', customerId: '', requestorId: '', ipRanges: '' });
  const [editing, setEditing] = useState<{ customer: SushiCustomer; ipRanges: string } | null>(null);
  const [made, setMade] = useState<{ name: string; apiKey: string } | null>(null);
  const { run, refuse, busy, message } = useSaveOutcome();
  const { guard, prompt } = useReauth();
  const act = (change: () => Promise<void>, ok: string) =>
    run(async () => {
      await guard(change);
      await qc.invalidateQueries({ queryKey: adminKeys.sushiCustomers() });
    }, ok);
  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = sushiCustomerInputSchema.safeParse({ ...form, ipRanges: rangesOf(form.ipRanges) });
    if (!parsed.success) return refuse(parsed.error.issues);
    void act(async () => {
      const r = await counterApi.addCustomer(parsed.data);
      setMade({ name: r.customer.name, apiKey: r.apiKey });
      setForm({ name: '', customerId: '', requestorId: '', ipRanges: '' });
    }, 'Customer added');
  };
  const saveRanges = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const { customer: c } = editing;
    const parsed = sushiCustomerUpdateSchema.safeParse({ name: c.name, requestorId: c.requestorId, notes: c.notes, ipRanges: rangesOf(editing.ipRanges) });
    if (!parsed.success) return refuse(parsed.error.issues);
    void act(async () => {
      await counterApi.updateCustomer(c.id, parsed.data);
      setEditing(null);
    }, `IP ranges of ${c.name} saved`);
  };
  return (
    <section aria-labelledby="sushi-h">
      <h2 id="sushi-h">SUSHI customers</h2>
      <p className="hint">
        Libraries harvest the reports from <code>{`${window.location.origin}/counter/r51/`}</code> with their Customer ID, Requestor ID (when set)
        and API key.
      </p>
      <QueryStates query={q} failed="Only managers can see and change the SUSHI customers." empty="No customers yet." isEmpty={q.data?.length === 0} />
      {!!q.data?.length && (
        <AdminTable columns={['Institution', 'Customer ID', 'Requestor ID', 'IP ranges', 'Added', '']} label="SUSHI customers">
            {q.data.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.customerId}</td>
                <td>{c.requestorId || '—'}</td>
                <td>{c.ipRanges.length ? c.ipRanges.join(', ') : 'None (the world\'s usage)'}</td>
                <td>{new Date(c.createdAt).toLocaleDateString()}</td>
                <td>
                  <button type="button" className="btn" disabled={busy} onClick={() => setEditing({ customer: c, ipRanges: c.ipRanges.join('\n') })}>
                    Edit IP ranges<span className="visually-hidden"> of {c.name}</span>
                  </button>{' '}
                  <button type="button" className="btn" disabled={busy} onClick={() => void act(() => counterApi.removeCustomer(c.id), 'Customer removed')}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
        </AdminTable>
      )}
      {editing && (
        <form onSubmit={saveRanges} noValidate className="counter-customer-form" aria-label={`IP ranges of ${editing.customer.name}`}>
          <RangesField label={`IP ranges of ${editing.customer.name}`} value={editing.ipRanges} onChange={(ipRanges) => setEditing({ ...editing, ipRanges })} />
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            Save IP ranges
          </button>{' '}
          <button type="button" className="btn" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      {made && (
        <p className="admin-ok" role="status">
          API key of {made.name} (shown this once): <code>{made.apiKey}</code>
        </p>
      )}
      {q.data && (
        <form onSubmit={add} noValidate className="counter-customer-form" aria-label="Add a SUSHI customer">
          <label>
            Institution
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label>
            Customer ID
            <input value={form.customerId} onChange={(e) => setForm({ ...form, customerId: e.target.value })} />
          </label>
          <label>
            Requestor ID (optional)
            <input value={form.requestorId} onChange={(e) => setForm({ ...form, requestorId: e.target.value })} />
          </label>
          <RangesField label="IP ranges (optional)" value={form.ipRanges} onChange={(ipRanges) => setForm({ ...form, ipRanges })} />
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            Add customer
          </button>
        </form>
      )}
      <SaveOutcome message={message} />
      {prompt}
    </section>
  );
}

/** /admin/usage: the journal's COUNTER reports (editors and managers) and its SUSHI customers (managers). */
export function UsageReportsPage() {
  const manager = roleOpens(sessionRole(), 'settings');
  const q = useCustomers(manager);
  return (
    <section>
      <h1>Usage reports</h1>
      <Reports customers={q.data ?? []} />
      {manager && <Customers q={q} />}
    </section>
  );
}

/** The journal's SUSHI customers (managers only: an editor does not ask). */
function useCustomers(enabled: boolean) {
  const counterApi = useCounterApi();
  return useQuery({ queryKey: adminKeys.sushiCustomers(), queryFn: counterApi.customers, retry: false, enabled });
}
