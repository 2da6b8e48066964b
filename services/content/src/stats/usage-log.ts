import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import pTimeout from 'p-timeout';
import type { Logger } from '@journal/server-kit';
import type { Hit } from './stats.recorder';
import type { UsageHit } from './usage-line';
import type { UsageSource, UsageWorkerData, UsageWorkerMessage } from './usage-log.worker';

/** Host → journal id, remembered for a minute (a host's journal rarely changes). */
export type JournalOfHost = (host: string) => Promise<string | null>;

export interface UsageLogOptions {
  /**
   * A datagram that finds the socket's buffer full is dropped by the kernel, uncounted: room for a
   * few seconds of a busy journal's hits while the process is held up (the kernel caps it at
   * net.core.rmem_max).
   */
  recvBufferBytes: number;
  /** How often the socket's thread hands its hits on. */
  batchMs: number;
  /** How often the file is read (nginx flushes its buffer every second). */
  filePollMs: number;
  /**
   * The socket thread's nice value. 10 yields to every reader's request, yet keeps a share large
   * enough to keep up with a busy journal's hits on a saturated machine (at 19 it fell behind).
   */
  nice: number;
  /** COUNTER's robots list file (counter-robots.ts), or '' for isbot alone. */
  robotsFile: string;
}

const DEFAULTS: UsageLogOptions = { recvBufferBytes: 4 * 1024 * 1024, batchMs: 50, filePollMs: 500, nice: 10, robotsFile: '' };

/** The compiled worker; under the test runner this module is the TypeScript source and the worker runs the build. */
function workerFile(): string {
  const here = path.join(__dirname, 'usage-log.worker.js');
  return existsSync(here) ? here : path.resolve(__dirname, '../../dist/stats/usage-log.worker.js');
}

/**
 * nginx's usage log (a JSON line per counted request, in a file or a syslog datagram; see
 * usage-line.ts), read on a low-priority thread of its own that parses and filters the lines; this
 * side names each hit's journal and hands it to the recorder.
 */
export class UsageLogReceiver {
  private worker: Worker | null = null;
  /** Journal of each host seen, for a minute (a host moved to another journal is seen within it). */
  private hosts = new LRUCache<string, { id: string | null }>({ max: 10_000, ttl: 60_000 });
  private readonly opts: UsageLogOptions;
  received = 0;

  constructor(
    private readonly journalOf: JournalOfHost,
    private readonly onHit: (h: Hit) => void,
    private readonly logger: Logger,
    opts: Partial<UsageLogOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /**
   * Starts reading the usage log: the file nginx appends to, or datagrams on a UDP port (0 picks a
   * free one). Answers the UDP port bound, or 0 for a file.
   */
  async start(from: { file: string } | { port: number; host: string }): Promise<number> {
    const source: UsageSource =
      'file' in from
        ? { kind: 'file', path: from.file, pollMs: this.opts.filePollMs }
        : { kind: 'udp', port: from.port, host: from.host, recvBufferBytes: this.opts.recvBufferBytes };
    const workerData: UsageWorkerData = { source, batchMs: this.opts.batchMs, nice: this.opts.nice, robotsFile: this.opts.robotsFile };
    const worker = new Worker(workerFile(), { workerData });
    const bound = await new Promise<number>((resolve, reject) => {
      const early = (err: Error) => reject(err);
      worker.once('error', early);
      worker.on('message', (m: UsageWorkerMessage) => {
        if ('hits' in m) for (const h of m.hits) this.take(h);
        else if ('error' in m) this.logger.warn({ err: m.error }, 'usage log read failed');
        else {
          worker.off('error', early);
          this.logger.info(m.ready, 'usage log reader started');
          resolve('port' in m.ready ? m.ready.port : 0);
        }
      });
    });
    worker.on('error', (err) => this.logger.error({ err }, 'usage log thread failed'));
    this.worker = worker;
    return bound;
  }

  /** Hands on the hits still held, then ends the thread. */
  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    const ended = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.postMessage('stop');
    // A thread that does not end within a second is terminated all the same.
    await pTimeout(ended, 1000, () => undefined);
    await w.terminate();
  }

  /** One parsed hit: its journal named by its host, then recorded; never throws. */
  take(h: UsageHit): void {
    this.received++;
    const known = this.hosts.get(h.host);
    const { host, ...hit } = h;
    if (known) {
      if (known.id) this.onHit({ ...hit, journalId: known.id });
      return;
    }
    this.journalOf(host)
      .then((id) => {
        this.hosts.set(host, { id });
        if (id) this.onHit({ ...hit, journalId: id });
      })
      .catch((err) => this.logger.warn({ err, host }, 'usage log: journal lookup failed'));
  }
}
