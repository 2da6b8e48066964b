/**
 * What tests read from /proc about the processes they start: the tree under a process (Chromium's
 * browser, zygotes and renderers under a PDF worker), defunct ones, and memory.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function procStat(pid: number): { ppid: number; state: string; comm: string } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0]!, ppid: Number(rest[1]), comm: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')) };
  } catch {
    return null;
  }
}

/** Every descendant of a process, live or defunct. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = procStat(Number(d));
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), Number(d)]);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out;
}

/** Pids still running (a zombie has exited and only waits to be reaped). */
export const running = (pids: number[]) =>
  pids.filter((p) => {
    const s = procStat(p);
    return s !== null && s.state !== 'Z';
  });

export const zombies = (pids: number[]) => pids.filter((p) => procStat(p)?.state === 'Z');

/** Chromium processes under a process (anything whose command is chrom*). */
export const chromiumUnder = (pid: number) => running(descendants(pid)).filter((p) => /chrom/i.test(procStat(p)?.comm ?? ''));

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The /proc stat fields (after the command) of every process, and each process's children. */
function processTable(): { stats: Map<number, string[]>; kids: Map<number, number[]> } {
  const stats = new Map<number, string[]>();
  const kids = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(d), f);
      kids.set(Number(f[1]), [...(kids.get(Number(f[1])) ?? []), Number(d)]);
    } catch {
      /* gone */
    }
  }
  return { stats, kids };
}

/** The processes and every live descendant, from one read of /proc. */
function treeOf(roots: number[]): { pids: number[]; stats: Map<number, string[]> } {
  const { stats, kids } = processTable();
  const pids: number[] = [];
  const stack = [...roots];
  while (stack.length) {
    const pid = stack.pop()!;
    pids.push(pid);
    stack.push(...(kids.get(pid) ?? []));
  }
  return { pids, stats };
}

const USER_HZ = 100;

/** CPU seconds (user + system, reaped children included) used so far by processes and their live descendants. */
export function treeCpuSeconds(roots: number[]): number {
  const { pids, stats } = treeOf(roots);
  let total = 0;
  for (const pid of pids) {
    const f = stats.get(pid);
    // utime, stime, cutime, cstime: fields 14-17 of /proc/<pid>/stat, 11-14 after the command.
    if (f) total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / USER_HZ;
  }
  return total;
}

/**
 * Memory in bytes of a process and every descendant (a PDF worker's Chromium browser, zygotes,
 * renderers): `rss` counts shared pages once per process; `pss` divides each shared page among
 * the processes sharing it, as a cgroup would count the working set.
 */
export function treeMemoryBytes(root: number, kind: 'rss' | 'pss'): number {
  const [file, re] = kind === 'rss' ? ['status', /VmRSS:\s+(\d+) kB/] : ['smaps_rollup', /^Pss:\s+(\d+) kB/m];
  let total = 0;
  for (const pid of treeOf([root]).pids) {
    try {
      const m = re.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      /* gone */
    }
  }
  return total;
}

/** Stops a child the way the platform does (SIGTERM, SIGKILL after `graceMs`); resolves once it has exited. */
export function stopChild(child: import('node:child_process').ChildProcess, graceMs = 20_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const k = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(k);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
