import { readdirSync, readFileSync } from 'node:fs';

const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** A process and every process below it, e.g. a PDF worker and its Chromium. */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      out.push(...children(out[i]!));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * Each named process's CPU time in ms as `of` measures one pid; nginx's is its workers'. With
 * `whole`, every process below it counts too (a PDF worker's Chromium renders in child processes).
 */
function perProcess(pids: Record<string, number> | undefined, of: (pid: number) => number, whole = false): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids ?? {})) {
    try {
      // nginx's master only hands out work: its workers (its children) are what serve.
      const own = whole ? tree(pid) : name === 'nginx' ? children(pid) : [pid];
      // A child may end between the listing and the reading: it adds nothing then.
      const one = (p: number) => {
        if (!whole || p === pid) return of(p);
        try {
          return of(p);
        } catch {
          return 0;
        }
      };
      out[name] = own.reduce((n, p) => n + one(p), 0);
    } catch {
      /* not on Linux, or the process is gone */
    }
  }
  return out;
}

/** CPU time (user + system) of the stack's processes so far, in ms; empty where /proc is not there. */
export function cpuMs(pids: Record<string, number> | undefined): Record<string, number> {
  return perProcess(pids, (pid) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  });
}

/**
 * The same, in ms with nanosecond resolution: every thread's run time from schedstat. For one
 * request at a time, where /proc's 10 ms ticks would round each to nothing or a whole tick.
 */
export function cpuMsFine(pids: Record<string, number> | undefined, whole = false): Record<string, number> {
  return perProcess(pids, (pid) =>
    readdirSync(`/proc/${pid}/task`).reduce((t, tid) => {
      try {
        return t + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        return t;
      }
    }, 0),
  whole);
}

/** The first process whose command line has every one of `parts`, or undefined. */
function pidOf(parts: string[]): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (parts.every((p) => cmd.includes(p))) return Number(d);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

/**
 * The database's processes behind MONGO_URL: FerretDB listening on its port, and, when it stores
 * in PostgreSQL, that cluster's postmaster (count it with `whole`: its backends are its children).
 */
export function databasePids(mongoUrl: string): { ferretdb?: number; postgres?: number } {
  const ferretdb = pidOf([`--listen-addr=127.0.0.1:${new URL(mongoUrl).port}`]);
  if (!ferretdb) return {};
  const pgPort = /--postgresql-url=\S*?:(\d+)\//.exec(readFileSync(`/proc/${ferretdb}/cmdline`, 'utf8').replace(/\0/g, ' '))?.[1];
  return { ferretdb, postgres: pgPort ? pidOf(['/bin/postgres', `port=${pgPort}`]) : undefined };
}

/**
 * A process's CPU ms with its children's, those that ended too: a parent's cutime and cstime hold
 * its reaped children's time (PostgreSQL's backends come and go with connections; counting only
 * the living ones made its CPU over a span come out negative).
 */
export function treeCpuMs(pid: number): number {
  const ticks = (p: number | string) => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // utime, stime, cutime, cstime
    return f[11]! + f[12]! + f[13]! + f[14]!;
  };
  let n = ticks(pid);
  for (const child of children(pid)) {
    try {
      n += ticks(child);
    } catch {
      /* ended meanwhile: in its parent's cutime once reaped */
    }
  }
  return (n * 1000) / 100;
}

/** CPU ms so far of the database's processes (`databasePids`), PostgreSQL's backends included (ended ones too). */
export function databaseCpuMs(pids: { ferretdb?: number; postgres?: number }): Record<string, number> {
  const out: Record<string, number> = {};
  if (pids.ferretdb) Object.assign(out, cpuMsFine({ ferretdb: pids.ferretdb }));
  if (pids.postgres) out.postgres = treeCpuMs(pids.postgres);
  return out;
}
