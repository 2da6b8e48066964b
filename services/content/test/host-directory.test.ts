import { HostDirectory, type HostSource } from '../src/journals/host-directory';

type Listed = Awaited<ReturnType<HostSource['listHosts']>>;

/** A source whose journals the test changes, counting its reads. */
function source(initial: Listed) {
  let journals = initial;
  let reads = 0;
  let gate: Promise<void> = Promise.resolve();
  return {
    set: (next: Listed) => (journals = next),
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return open;
    },
    get reads() {
      return reads;
    },
    src: {
      listHosts: async () => {
        reads++;
        const now = journals;
        await gate;
        return now;
      },
    } satisfies HostSource,
  };
}

const alpha = { id: 'a1', slug: 'alpha', hosts: ['alpha.localhost', 'www.alpha.localhost'], status: 'enabled' as const };
const beta = { id: 'b1', slug: 'beta', hosts: ['beta.localhost'], status: 'disabled' as const };

describe('host directory', () => {
  it('answers every host of every journal from one read, the first host as primary, a disabled journal flagged', async () => {
    const s = source([alpha, beta]);
    const d = new HostDirectory(s.src, 60_000);
    expect(await d.resolve('www.alpha.localhost')).toEqual({ id: 'a1', slug: 'alpha', primaryHost: 'alpha.localhost', disabled: false });
    expect(await d.resolve('beta.localhost')).toEqual({ id: 'b1', slug: 'beta', primaryHost: 'beta.localhost', disabled: true });
    expect(await d.resolve('gamma.localhost')).toBeNull();
    expect(s.reads).toBe(1);
  });

  it('reads nothing until asked, and concurrent first look-ups share one read', async () => {
    const s = source([alpha]);
    const d = new HostDirectory(s.src, 60_000);
    expect(s.reads).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => d.resolve('alpha.localhost')));
    expect(answers.every((a) => a?.id === 'a1')).toBe(true);
    expect(s.reads).toBe(1);
  });

  it('sees a change made through this process at once, and one made elsewhere after its age, answering meanwhile from the old map', async () => {
    let now = 0;
    const s = source([alpha]);
    const d = new HostDirectory(s.src, 5000, () => now);
    expect((await d.resolve('alpha.localhost'))?.id).toBe('a1');
    // Elsewhere: alpha loses a host, a new journal takes it.
    s.set([{ ...alpha, hosts: ['alpha.localhost'] }, { id: 'c1', slug: 'gamma', hosts: ['www.alpha.localhost'], status: 'enabled' }]);
    now = 4999;
    expect((await d.resolve('www.alpha.localhost'))?.id).toBe('a1');
    now = 5001;
    // Past its age: a known host's answer is still the old map's, and a read in the background replaces it.
    expect((await d.resolve('www.alpha.localhost'))?.id).toBe('a1');
    await new Promise((r) => setImmediate(r));
    expect((await d.resolve('www.alpha.localhost'))?.id).toBe('c1');
    expect(s.reads).toBe(2);
    // A journal added elsewhere: an unknown host waits for a fresh read once the map is past its age,
    // and is refused meanwhile without one.
    s.set([alpha, { id: 'd1', slug: 'delta', hosts: ['delta.localhost'], status: 'enabled' }]);
    expect(await d.resolve('delta.localhost')).toBeNull();
    expect(s.reads).toBe(2);
    now = 10_002;
    expect((await d.resolve('delta.localhost'))?.id).toBe('d1');
    expect(s.reads).toBe(3);
    // Here: cleared, the next look-up reads again.
    s.set([{ ...alpha, status: 'disabled' }]);
    d.clear();
    expect((await d.resolve('alpha.localhost'))?.disabled).toBe(true);
  });

  it('never keeps a read that began before a change made here', async () => {
    const s = source([alpha]);
    const d = new HostDirectory(s.src, 60_000);
    const open = s.hold();
    const early = d.resolve('alpha.localhost');
    s.set([{ ...alpha, status: 'disabled' }]);
    d.clear();
    s.hold()();
    const late = d.resolve('alpha.localhost');
    open();
    expect((await early)?.disabled).toBe(false);
    expect((await late)?.disabled).toBe(true);
    expect((await d.resolve('alpha.localhost'))?.disabled).toBe(true);
  });

  it('answers a failed read as a failure and reads again on the next look-up', async () => {
    let fail = true;
    const d = new HostDirectory({ listHosts: async () => (fail ? Promise.reject(new Error('database down')) : [alpha]) }, 60_000);
    await expect(d.resolve('alpha.localhost')).rejects.toThrow('database down');
    fail = false;
    expect((await d.resolve('alpha.localhost'))?.id).toBe('a1');
  });
});
