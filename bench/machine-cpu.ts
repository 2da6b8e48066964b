import { readFileSync } from 'node:fs';

/** The machine's busy and total CPU time so far, all cores (/proc/stat), in clock ticks. */
export function machineTicks(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  // Not busy: idle and iowait.
  return { busy: total - f[3]! - f[4]!, total };
}

/**
 * The share of all cores busy between two readings, 0–1. Near 1 during a closed-loop run, requests/s
 * is what the cores allow, and N connections wait N ÷ requests/s on average (Little's law).
 */
export const coresBusy = (a: { busy: number; total: number }, b: { busy: number; total: number }) =>
  Math.round(((b.busy - a.busy) / Math.max(1, b.total - a.total)) * 1000) / 1000;
