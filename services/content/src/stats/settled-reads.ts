import { LRUCache } from 'lru-cache';

/**
 * Reads of complete months' rollups kept a minute: a harvest asks several reports of the same
 * months at once (PR, TR and its views read the same rollups), and at the start of a month many
 * harvesters ask for a journal's world usage. Complete months change only by late hits; writes
 * through this process's repository drop the journals' reads at once, other processes' are seen
 * within the minute (as the month span and the IP ranges are).
 */
export class SettledReads {
  private readonly reads = new LRUCache<string, { journals: string[] | null; value: Promise<unknown> }>({ max: 500, ttl: 60_000 });

  read<T>(journals: string[] | null, key: string, load: () => Promise<T>): Promise<T> {
    const k = `${journals?.join(',') ?? '*'}|${key}`;
    const hit = this.reads.get(k);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    this.reads.set(k, { journals, value });
    // A failed read is not kept: the next request reads again.
    value.catch(() => this.reads.get(k)?.value === value && this.reads.delete(k));
    return value;
  }

  /** Counts were added to these journals' rollups. */
  forget(journalIds: Iterable<string>): void {
    const changed = new Set(journalIds);
    if (!changed.size) return;
    for (const [k, v] of [...this.reads.entries()]) if (!v.journals || v.journals.some((j) => changed.has(j))) this.reads.delete(k);
  }
}
