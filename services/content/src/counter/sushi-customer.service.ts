import { AppError, parse, type ActivityActor, type ActivityLog } from '@journal/server-kit';
import { sushiCustomerInputSchema, sushiCustomerUpdateSchema, type SushiCustomer } from '@journal/contracts';
import { requesterOf, type Requester } from './counter-scope';
import { rangeClash, type InstitutionDirectory } from './institution-ranges';
import type { StoredCustomer, SushiCustomerRepo } from './sushi-customer.repo';

/** A customer as staff see it: never its key's hash. */
export const shown = ({ apiKeyHash: _h, journals: _j, allUsage: _a, ...c }: StoredCustomer): SushiCustomer => c;

/**
 * The SUSHI customers of a journal as its admin manages them: each change is checked (customer ID
 * unique, IP ranges an institution's alone), recorded in the activity log and attributes usage by
 * the new ranges at once.
 */
export class SushiCustomerService {
  constructor(
    private readonly customers: SushiCustomerRepo,
    private readonly institutions: InstitutionDirectory,
    private readonly activity: ActivityLog,
  ) {}

  async list(journalId: string): Promise<SushiCustomer[]> {
    return (await this.customers.list(journalId)).map(shown);
  }

  /** Whose reports the admin asks for by `customer_id`: that customer's (400 when the journal has none such). */
  async requester(journalId: string, customerId: unknown): Promise<Requester> {
    const c = typeof customerId === 'string' ? await this.customers.findByCustomerId(journalId, customerId) : null;
    if (!c) throw new AppError(400, 'unknown_customer', 'No such customer in this journal');
    return requesterOf(c);
  }

  /** A new customer and its API key, shown this once. */
  async create(journalId: string, actor: ActivityActor, body: unknown): Promise<{ customer: SushiCustomer; apiKey: string }> {
    const input = parse(sushiCustomerInputSchema, body);
    await this.checkRanges(journalId, input.ipRanges);
    const made = await this.customers.create(journalId, input);
    if (!made) throw new AppError(409, 'customer_exists', 'Customer ID is already in use');
    this.institutions.forget(journalId);
    const customer = shown(made.customer);
    // The log names the institution and its IDs, never the key.
    await this.activity.record(journalId, actor, {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: customer.id, label: customer.name },
      changes: [
        { field: 'customerId', before: '', after: customer.customerId },
        { field: 'requestorId', before: '', after: customer.requestorId },
        { field: 'ipRanges', before: '', after: customer.ipRanges.join(', ') },
        { field: 'apiKey', before: '', after: '(made)' },
      ],
    });
    return { customer, apiKey: made.apiKey };
  }

  async update(journalId: string, actor: ActivityActor, id: string, body: unknown): Promise<SushiCustomer> {
    const input = parse(sushiCustomerUpdateSchema, body);
    const before = (await this.customers.list(journalId)).find((c) => c.id === id);
    if (!before) throw new AppError(404, 'not_found', 'Customer not found');
    await this.checkRanges(journalId, input.ipRanges, before.id);
    const after = await this.customers.update(journalId, before.id, input);
    if (!after) throw new AppError(404, 'not_found', 'Customer not found');
    this.institutions.forget(journalId);
    const fields = ['name', 'requestorId', 'notes', 'ipRanges'] as const;
    const text = (c: StoredCustomer, f: (typeof fields)[number]) => (f === 'ipRanges' ? c.ipRanges.join(', ') : c[f]);
    await this.activity.record(journalId, actor, {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: after.id, label: after.name },
      changes: fields.filter((f) => text(before, f) !== text(after, f)).map((f) => ({ field: f, before: text(before, f), after: text(after, f) })),
    });
    return shown(after);
  }

  async remove(journalId: string, actor: ActivityActor, id: string): Promise<void> {
    const gone = (await this.customers.list(journalId)).find((c) => c.id === id);
    if (!gone || !(await this.customers.remove(journalId, gone.id))) throw new AppError(404, 'not_found', 'Customer not found');
    this.institutions.forget(journalId);
    await this.activity.record(journalId, actor, {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: gone.id, label: gone.name },
      changes: [
        { field: 'customerId', before: gone.customerId, after: '' },
        { field: 'apiKey', before: '(made)', after: '' },
      ],
    });
  }

  /** An address is one institution's at most: ranges that overlap another customer's are refused. */
  private async checkRanges(journalId: string, ranges: string[], except?: string): Promise<void> {
    const others = (await this.customers.list(journalId)).filter((c) => c.id !== except);
    const clash = rangeClash(others, ranges);
    if (clash) throw new AppError(409, 'ip_range_overlap', `IP range ${clash.range} overlaps ${clash.otherRange} of ${clash.other}`);
  }
}
