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
  const a = ipAddress(ip);
  if (!a || !table.ranges.length) return null;
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
 * The journals' range tables, read at most once a minute per journal in each process (a range a
 * manager adds counts from the next minute on; the process that saved it at once).
 */
export class InstitutionDirectory {
  private readonly tables = new LRUCache<string, RangeTable>({ max: 2000, ttl: 60_000 });

  constructor(private readonly load: (journalId: string) => Promise<{ customerId: string; ipRanges: string[] }[]>) {}

  async table(journalId: string): Promise<RangeTable> {
    let t = this.tables.get(journalId);
    if (!t) this.tables.set(journalId, (t = rangeTable(await this.load(journalId))));
    return t;
  }

  forget(journalId: string): void {
    this.tables.delete(journalId);
  }
}
