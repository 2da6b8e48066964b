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
