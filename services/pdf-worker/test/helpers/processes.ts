import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const RUN_TS = path.resolve(__dirname, '../../scripts/run-ts.cjs');
const WORKER_MAIN = path.resolve(__dirname, '../../src/worker.main.ts');

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logs: string[];
}

/** Starts `src/worker.main.ts` as its own process and resolves once it consumes the queue. */
export async function spawnWorker(env: Record<string, string>, timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [RUN_TS, WORKER_MAIN], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`worker did not start:\n${logs.join('')}`)), timeoutMs);
    const onData = (d: Buffer) => {
      logs.push(d.toString());
      if (d.toString().includes('pdf worker running')) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
    void exited.then(() => reject(new Error(`worker exited early:\n${logs.join('')}`)));
  });
  return { child, pid: child.pid!, exited, logs };
}

export { descendants, running, zombies } from '@journal/testing';
import { until } from '@journal/testing';

export const waitFor = (pred: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> => until(pred, what, timeoutMs, 100);
