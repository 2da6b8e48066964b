import { AppError, diffFields, OPERATOR_ACTOR, parse, type ActivityActor, type ActivityLog } from '@journal/server-kit';
import { PLATFORM_TENANT_ID } from '@journal/contracts';
import { platformCustomerUsageError, platformSushiCustomerInputSchema, platformSushiCustomerUpdateSchema, type SushiCustomer } from '@journal/contracts';
import type { Journal } from '../journals/journal.repo';
import { shown } from './sushi-customer.service';
import { rangeClash, type InstitutionDirectory } from './institution-ranges';
import { PLATFORM_CUSTOMERS, type StoredCustomer, type SushiCustomerRepo } from './sushi-customer.repo';

/** A platform customer as the operator sees it: the journals by slug (`*`: every journal), never the key's hash. */
export type PlatformCustomer = SushiCustomer & { journals: string[]; allUsage: boolean };

/** What an entry of the platform's activity log shows of a customer: never its key, only that one was made or ended. */
const LOGGED = ['name', 'customerId', 'requestorId', 'notes', 'journals', 'ipRanges', 'allUsage'] as const;

/**
 * The customers of the platform-wide COUNTER_SUSHI API (docs/product.md#counter-platform), which
 * the deployment's operator manages (`jp counter customer …`): each names the journals it may
 * harvest, kept by id so a renamed slug changes nothing, and either its IP ranges (an institution:
 * the usage from them is counted for it) or that it is reported all usage (a consortium, a monitor).
 * Each change is recorded in the platform's own activity log (under its tenant, as a journal's
 * customer changes are in the journal's), by the operator who made it on the screen or at the CLI.
 */
export class PlatformCustomerService {
  constructor(
    private readonly customers: SushiCustomerRepo,
    private readonly journals: { findBySlug(slug: string): Promise<Journal | null>; findById(id: string): Promise<Journal | null> },
    /** This process's range tables, read again at once after a change (other processes' within a minute). */
    private readonly institutions?: InstitutionDirectory,
    private readonly activity?: ActivityLog,
  ) {}

  /** The platform's recent changes of its customers, newest first. */
  async recentChanges() {
    if (!this.activity) return [];
    return (await this.activity.list(PLATFORM_TENANT_ID, { kind: 'counter.customer' })).entries;
  }

  async list(): Promise<PlatformCustomer[]> {
    return Promise.all((await this.customers.list(PLATFORM_CUSTOMERS)).map((c) => this.shown(c)));
  }

  /** A new customer and its API key, shown this once. */
  async create(body: unknown, actor: ActivityActor = OPERATOR_ACTOR): Promise<{ customer: PlatformCustomer; apiKey: string }> {
    const { journals, ...input } = parse(platformSushiCustomerInputSchema, body);
    await this.checkRanges(input.ipRanges);
    const made = await this.customers.create(PLATFORM_CUSTOMERS, { ...input, journals: await this.ids(journals) });
    if (!made) throw new AppError(409, 'customer_exists', 'Customer ID is already in use');
    this.institutions?.forgetPlatform();
    const customer = await this.shown(made.customer);
    await this.record(actor, null, customer);
    return { customer, apiKey: made.apiKey };
  }

  /** Changes a customer's name, requestor ID, notes, journals, IP ranges or all-usage (by customer ID). */
  async update(customerId: string, body: unknown, actor: ActivityActor = OPERATOR_ACTOR): Promise<PlatformCustomer> {
    const { journals, ...patch } = parse(platformSushiCustomerUpdateSchema, body);
    const c = await this.find(customerId);
    // Ranges given to an all-usage customer make it an institution, unless it stays all-usage in the same change.
    const usage = { ipRanges: patch.ipRanges ?? c.ipRanges, allUsage: patch.allUsage ?? (patch.ipRanges?.length ? false : c.allUsage) };
    const error = platformCustomerUsageError(usage);
    if (error) throw new AppError(400, 'validation_error', `ipRanges: ${error}`);
    await this.checkRanges(usage.ipRanges, c.id);
    const after = await this.customers.update(PLATFORM_CUSTOMERS, c.id, { ...patch, ...usage, ...(journals ? { journals: await this.ids(journals) } : {}) });
    if (!after) throw new AppError(404, 'not_found', 'Customer not found');
    this.institutions?.forgetPlatform();
    const shownAfter = await this.shown(after);
    await this.record(actor, await this.shown(c), shownAfter);
    return shownAfter;
  }

  async remove(customerId: string, actor: ActivityActor = OPERATOR_ACTOR): Promise<void> {
    const c = await this.find(customerId);
    if (!(await this.customers.remove(PLATFORM_CUSTOMERS, c.id))) throw new AppError(404, 'not_found', 'Customer not found');
    this.institutions?.forgetPlatform();
    await this.record(actor, await this.shown(c), null);
  }

  /** One entry for a change (`before` null: added, `after` null: removed); a change of nothing is not recorded. */
  private async record(actor: ActivityActor, before: PlatformCustomer | null, after: PlatformCustomer | null): Promise<void> {
    const c = (after ?? before)!;
    const changes = diffFields(before, after, { only: LOGGED });
    if (!before || !after) changes.push({ field: 'apiKey', before: before ? '(made)' : '', after: after ? '(made)' : '' });
    await this.activity?.record(PLATFORM_TENANT_ID, actor, { kind: 'counter.customer', record: { type: 'platform-customer', id: c.id, label: c.name }, changes });
  }

  /** An address is one platform institution's at most (a journal's customer may hold it too: its usage counts for both). */
  private async checkRanges(ranges: string[], except?: string): Promise<void> {
    const others = (await this.customers.list(PLATFORM_CUSTOMERS)).filter((c) => c.id !== except);
    const clash = rangeClash(others, ranges);
    if (clash) throw new AppError(409, 'ip_range_overlap', `IP range ${clash.range} overlaps ${clash.otherRange} of ${clash.other}`);
  }

  private async find(customerId: string): Promise<StoredCustomer> {
    const c = await this.customers.findByCustomerId(PLATFORM_CUSTOMERS, customerId);
    if (!c) throw new AppError(404, 'not_found', `No platform customer ${customerId}`);
    return c;
  }

  /** Slugs as journal ids (`*` kept): an unknown slug is refused, naming it. */
  private async ids(slugs: string[]): Promise<string[]> {
    if (slugs[0] === '*') return ['*'];
    const found = await Promise.all([...new Set(slugs)].map(async (s) => [s, await this.journals.findBySlug(s)] as const));
    const unknown = found.filter(([, j]) => !j).map(([s]) => s);
    if (unknown.length) throw new AppError(400, 'unknown_journal', `No journal with the slug ${unknown.join(', ')}`);
    return found.map(([, j]) => j!.id);
  }

  private async shown(c: StoredCustomer): Promise<PlatformCustomer> {
    const slugs = c.journals.includes('*') ? ['*'] : await Promise.all(c.journals.map(async (id) => (await this.journals.findById(id))?.slug ?? `(removed ${id})`));
    return { ...shown(c), journals: slugs, allUsage: c.allUsage };
  }
}
