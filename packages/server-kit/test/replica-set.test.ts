import { until } from '@journal/testing';
import { ReplicaSet, createLogger, resolveWithSystem, subsetOf } from '../src';

/**
 * The hashing behind journal affinity: journals spread evenly over the replicas, and a replica
 * coming or going moves only the journals it must.
 */
const journals = Array.from({ length: 500 }, (_, i) => (0x64b000000000 + i * 7919).toString(16).padStart(24, '0'));
const replicas = (n: number) => Array.from({ length: n }, (_, i) => `10.1.${i >> 8}.${(i & 255) + 10}`);
const SUBSET = 2;

/** How many journals each replica serves. */
const loadOf = (nodes: string[]) => {
  const load = new Map(nodes.map((n) => [n, 0]));
  for (const j of journals) for (const n of subsetOf(j, nodes, SUBSET)) load.set(n, load.get(n)! + 1);
  return [...load.values()];
};

describe('subsetOf (rendezvous hashing)', () => {
  it('gives each journal SUBSET distinct replicas, the same ones whatever the order they are listed in', () => {
    const nodes = replicas(6);
    for (const j of journals) {
      const s = subsetOf(j, nodes, SUBSET);
      expect(new Set(s).size).toBe(SUBSET);
      expect(subsetOf(j, [...nodes].reverse(), SUBSET)).toEqual(s);
    }
  });

  it('gives every replica its share of the journals, within a fifth of the mean', () => {
    for (const n of [3, 5, 8, 10]) {
      const load = loadOf(replicas(n));
      const mean = (journals.length * SUBSET) / n;
      expect(load.reduce((a, b) => a + b, 0)).toBe(journals.length * SUBSET);
      expect([n, Math.min(...load) >= 0.8 * mean, Math.max(...load) <= 1.2 * mean]).toEqual([n, true, true]);
    }
  });

  it('adding a replica moves only journals to it, one member each, about SUBSET/n of them', () => {
    const before = replicas(5);
    const added = replicas(6);
    const newcomer = added[5]!;
    let moved = 0;
    for (const j of journals) {
      const a = subsetOf(j, before, SUBSET);
      const b = subsetOf(j, added, SUBSET);
      const gained = b.filter((x) => !a.includes(x));
      const lost = a.filter((x) => !b.includes(x));
      // A journal either keeps its subset or swaps exactly one member for the new replica.
      expect(gained.length === 0 || (gained.length === 1 && gained[0] === newcomer && lost.length === 1)).toBe(true);
      if (gained.length) moved++;
    }
    const expected = (journals.length * SUBSET) / added.length;
    expect(moved).toBeGreaterThan(0.75 * expected);
    expect(moved).toBeLessThan(1.25 * expected);
  });

  it('removing a replica moves only the journals it served, and they keep their other member', () => {
    const before = replicas(6);
    const gone = before[2]!;
    const after = before.filter((n) => n !== gone);
    for (const j of journals) {
      const a = subsetOf(j, before, SUBSET);
      const b = subsetOf(j, after, SUBSET);
      if (!a.includes(gone)) expect(b).toEqual(a);
      else expect(b).toEqual(expect.arrayContaining(a.filter((x) => x !== gone)));
    }
  });

  it('with fewer replicas than the subset size, every journal gets all of them', () => {
    expect(subsetOf(journals[0]!, ['10.0.0.1'], SUBSET)).toEqual(['10.0.0.1']);
    expect(subsetOf(journals[0]!, [], SUBSET)).toEqual([]);
  });
});

describe('resolveWithSystem', () => {
  it("looks a name up as the pod's other processes do (IPv4 addresses)", async () => {
    expect(await resolveWithSystem('localhost')).toContain('127.0.0.1');
  });

  it('fails for a name nobody serves (the caller keeps the replicas it knew)', async () => {
    await expect(resolveWithSystem('no-such-service.invalid')).rejects.toThrow();
  });
});

describe('ReplicaSet', () => {
  const logger = createLogger('test', 'silent');
  const journal = journals[0]!;

  it('answers nothing until a lookup lists replicas (the caller uses the Service), then the subset', async () => {
    const none = new ReplicaSet({ name: 'content', hostname: 'content-pods', subset: SUBSET, refreshMs: 60_000, quarantineMs: 60_000, logger, resolve: async () => [] });
    await none.ready();
    expect(none.pick(journal)).toBeUndefined();
    none.close();
    const nodes = replicas(5);
    const set = new ReplicaSet({ name: 'content', hostname: 'content-pods', subset: SUBSET, refreshMs: 60_000, quarantineMs: 60_000, logger, resolve: async () => nodes });
    await set.ready();
    expect(set.subset(journal)).toEqual(subsetOf(journal, nodes, SUBSET));
    const picked = new Set(Array.from({ length: 10 }, () => set.pick(journal)));
    expect([...picked].sort()).toEqual([...subsetOf(journal, nodes, SUBSET)].sort());
    set.close();
  });

  it('takes the less busy member of the subset', async () => {
    const nodes = replicas(5);
    const set = new ReplicaSet({ name: 'content', hostname: 'content-pods', subset: SUBSET, refreshMs: 60_000, quarantineMs: 60_000, logger, resolve: async () => nodes });
    await set.ready();
    const [a, b] = subsetOf(journal, nodes, SUBSET) as [string, string];
    for (let i = 0; i < 4; i++) expect(set.pick(journal, (x) => (x === a ? 3 : 0))).toBe(b);
    set.close();
  });

  it('a journal busier than its subset can carry spills over to the next replicas of its ranking, and only then', async () => {
    const nodes = replicas(5);
    const set = new ReplicaSet({ name: 'render', hostname: 'render-pods', subset: SUBSET, refreshMs: 60_000, quarantineMs: 60_000, logger, resolve: async () => nodes });
    await set.ready();
    const ranking = subsetOf(journal, nodes, nodes.length);
    const [a, b, c] = ranking as [string, string, string];
    // Ordinary load: a few requests in flight everywhere, the subset keeps them.
    for (let i = 0; i < 6; i++) expect([a, b]).toContain(set.pick(journal, (x) => (x === a || x === b ? 10 : 0)));
    // The subset well above the average and the floor: the next replica of the ranking takes the request.
    expect(set.pick(journal, (x) => (x === a || x === b ? 40 : 0))).toBe(c);
    // Every replica as busy: nowhere is better, the subset keeps it.
    expect([a, b]).toContain(set.pick(journal, () => 40));
    set.close();
  });

  it('leaves an unreachable replica out of every subset, and its journals move to the next one', async () => {
    const nodes = replicas(4);
    const changes: number[] = [];
    const set = new ReplicaSet({ name: 'content', hostname: 'content-pods', subset: SUBSET, refreshMs: 60_000, quarantineMs: 60_000, logger, resolve: async () => nodes, onChange: (live) => changes.push(live.length) });
    await set.ready();
    const [first] = subsetOf(journal, nodes, SUBSET) as [string];
    set.unreachable(first);
    expect(set.subset(journal)).toEqual(subsetOf(journal, nodes.filter((n) => n !== first), SUBSET));
    expect(changes).toEqual([4, 3]);
    // An address the lookup never listed is not a replica: nothing changes.
    set.unreachable('10.9.9.9');
    expect(changes).toEqual([4, 3]);
    set.close();
  });

  it('keeps the replicas it knew when a lookup fails', async () => {
    const nodes = replicas(3);
    let fail = false;
    let lookups = 0;
    const set = new ReplicaSet({
      name: 'content', hostname: 'content-pods', subset: SUBSET, refreshMs: 20, quarantineMs: 60_000, logger,
      resolve: async () => {
        lookups++;
        if (fail) throw Object.assign(new Error('SERVFAIL'), { code: 'ESERVFAIL' });
        return nodes;
      },
    });
    await set.ready();
    fail = true;
    const before = lookups;
    await until(() => lookups >= before + 2, 'two failed lookups');
    expect(set.subset(journal)).toEqual(subsetOf(journal, nodes, SUBSET));
    set.close();
  });
});
