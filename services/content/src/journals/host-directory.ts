/** What a host resolves to: the journal served there and its primary host. */
export interface HostEntry {
  id: string;
  slug: string;
  primaryHost: string;
  disabled: boolean;
}

export interface HostSource {
  /** Every journal's hosts, slug and status: one read of the journals. */
  listHosts(): Promise<{ id: string; slug: string; hosts: string[]; status: 'enabled' | 'disabled' }[]>;
}

/**
 * Host → journal for the gateway's tenant look-ups and the usage log, held as one map per process.
 *
 * A look-up by host on the journals collection reads every journal on FerretDB (an array filter is
 * not pushed down to SQLite): tens of milliseconds with hundreds of journals, paid on each journal's
 * first request through every gateway replica and again at each expiry of its tenant cache. The map
 * is read in one pass instead, at the first look-up (never at start), and read again once older
 * than `ttlMs`. A host change made through this process takes effect at once (`clear`); one made
 * on another replica within `ttlMs`, as the gateway's own tenant cache already allows. (The change
 * feed is no signal here: a journal's head changes with every article write, and reading every
 * journal after each would put the directory on the write path.)
 */
export class HostDirectory {
  private map: Map<string, HostEntry> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, HostEntry>> | null = null;
  /** Bumped by `clear`: a read begun before it is not kept. */
  private generation = 0;

  constructor(
    private readonly source: HostSource,
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async resolve(host: string): Promise<HostEntry | null> {
    if (this.map) {
      const hit = this.map.get(host);
      if (this.now() - this.loadedAt < this.ttlMs) return hit ?? null;
      // Past its age: a known host answers from the old map while a fresh one is read; a host the
      // old map does not know (a journal added elsewhere) waits for the fresh one.
      if (hit) {
        void this.load().catch(() => undefined);
        return hit;
      }
    }
    return (await this.load()).get(host) ?? null;
  }

  /** A journal's hosts or status changed here: the next look-up reads them again. */
  clear(): void {
    this.generation++;
    this.map = null;
    this.loading = null;
  }

  private load(): Promise<Map<string, HostEntry>> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.source.listHosts().then(
      (journals) => {
        const map = new Map<string, HostEntry>();
        for (const j of journals) {
          const primaryHost = j.hosts[0];
          if (!primaryHost) continue;
          for (const h of j.hosts) map.set(h, { id: j.id, slug: j.slug, primaryHost, disabled: j.status === 'disabled' });
        }
        if (generation === this.generation) {
          this.map = map;
          this.loadedAt = this.now();
          this.loading = null;
        }
        return map;
      },
      (err: unknown) => {
        if (generation === this.generation) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }
}
