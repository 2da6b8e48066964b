import { LRUCache } from 'lru-cache';
import { ipAddress, ipRange, ipRangesOverlap, type IpRange } from '@journal/contracts';

/**
 * Which institution (SUSHI customer) a reader's address belongs to, by the IP ranges its manager
 * entered (docs/product.md#counter). A journal's ranges never overlap (refused when saved), so an
 * address is at most one institution's: the counting attributes its usage to that one.
 */

type Owned = IpRange & { customerId: string };

/** A journal's ranges sorted for a binary search by address. */
export interface RangeTable {
  ranges: Owned[];
}

export function rangeTable(customers: { customerId: string; ipRanges: string[] }[]): RangeTable {
  const ranges: Owned[] = [];
  for (const c of customers) {
    for (const r of c.ipRanges) {
      const range = ipRange(r);
      if (range) ranges.push({ ...range, customerId: c.customerId });
    }
  }
  ranges.sort((a, b) => a.v - b.v || (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : 0));
  return { ranges };
}

/** The customer ID whose ranges hold this address, or null (usage of no institution in particular). */
export function institutionOf(table: RangeTable, ip: string): string | null {
  if (!table.ranges.length) return null;
  const a = ipAddress(ip);
  if (!a) return null;
  const list = table.ranges;
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  // The last range starting at or before the address.
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = list[mid]!;
    if (r.v < a.v || (r.v === a.v && r.lo <= a.n)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const r = found >= 0 ? list[found]! : null;
  return r && r.v === a.v && a.n <= r.hi ? r.customerId : null;
}

/** The first of `ranges` that overlaps another customer's, and whose it is (null: none). */
export function rangeClash(
  others: { name: string; customerId: string; ipRanges: string[] }[],
  ranges: string[],
): { range: string; other: string; otherRange: string } | null {
  for (const r of ranges) {
    const mine = ipRange(r);
    if (!mine) continue;
    for (const o of others) {
      const hit = o.ipRanges.find((x) => {
        const theirs = ipRange(x);
        return !!theirs && ipRangesOverlap(mine, theirs);
      });
      if (hit) return { range: r, other: o.name, otherRange: hit };
    }
  }
  return null;
}

/**
 * A platform customer's counts are kept under its customer ID marked as the platform's: '@' is in
 * no customer ID, so a journal's customer with the same ID stays another institution.
 */
export const platformInst = (customerId: string) => `@${customerId}`;

type Ranged = { customerId: string; ipRanges: string[] };
type PlatformRanged = Ranged & { journals: string[]; allUsage: boolean };

/**
 * The range tables the counting attributes usage by, read at most once a minute in each process (a
 * range added counts from the next minute on; in the process that saved it at once): each
 * journal's customers', and the platform customers' that may harvest the journal (institutions
 * only: a customer reported all usage is attributed nothing). A journal's ranges never overlap one
 * another, nor do the platform's; a journal's and the platform's may, and an address then counts
 * for both, each in its own reports.
 */
export class InstitutionDirectory {
  private readonly tables = new LRUCache<string, RangeTable>({ max: 4000, ttl: 60_000 });
  private readonly platform = new LRUCache<'all', PlatformRanged[]>({ max: 1, ttl: 60_000 });

  constructor(
    private readonly load: (journalId: string) => Promise<Ranged[]>,
    private readonly loadPlatform: () => Promise<PlatformRanged[]> = async () => [],
  ) {}

  async table(journalId: string): Promise<RangeTable> {
    let t = this.tables.get(journalId);
    if (!t) this.tables.set(journalId, (t = rangeTable(await this.load(journalId))));
    return t;
  }

  /** The institutions (usage keys) whose ranges hold an address reading this journal: its own customer's, the platform's. */
  async rule(journalId: string): Promise<(ip: string) => string[]> {
    const [own, platform] = await Promise.all([this.table(journalId), this.platformTable(journalId)]);
    return (ip) => [institutionOf(own, ip), institutionOf(platform, ip)].filter((x): x is string => !!x);
  }

  private async platformTable(journalId: string): Promise<RangeTable> {
    const key = platformInst(journalId);
    let t = this.tables.get(key);
    if (!t) {
      let all = this.platform.get('all');
      if (!all) this.platform.set('all', (all = await this.loadPlatform()));
      const harvesting = all.filter((c) => !c.allUsage && (c.journals.includes('*') || c.journals.includes(journalId)));
      this.tables.set(key, (t = rangeTable(harvesting.map((c) => ({ customerId: platformInst(c.customerId), ipRanges: c.ipRanges })))));
    }
    return t;
  }

  forget(journalId: string): void {
    this.tables.delete(journalId);
  }

  /** The platform customers changed: every journal's platform table is read again. */
  forgetPlatform(): void {
    this.platform.clear();
    for (const k of [...this.tables.keys()]) if (k.startsWith('@')) this.tables.delete(k);
  }
}
