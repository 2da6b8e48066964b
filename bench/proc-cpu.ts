import { readFileSync } from 'node:fs';

/** CPU time (user + system) of the stack's processes so far, in ms; empty where /proc is not there. */
export function cpuMs(pids: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  const ticks = (pid: number) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  };
  // nginx's master only hands out work: its workers (its children) are what serve.
  const children = (pid: number) =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  for (const [name, pid] of Object.entries(pids ?? {})) {
    try {
      const own = name === 'nginx' ? children(pid) : [pid];
      out[name] = (own.reduce((n, p) => n + ticks(p), 0) * 1000) / 100;
    } catch {
      /* not on Linux, or the process is gone */
    }
  }
  return out;
}
