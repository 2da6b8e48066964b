import type { Router } from 'express';
import type { Worker } from 'bullmq';
import { createBlockingRedis, createRedis, type Redis } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import { CrossrefClient } from './crossref.client';
import { DepositRepo } from './deposit.repo';
import { DepositQueue, type DepositJob } from './deposit.queue';
import { runDepositStep } from './deposit.processor';
import { DepositService } from './deposit.service';
import { depositRoutes } from './deposit.routes';

export interface Deposits {
  router: Router;
  service: DepositService;
  store: DepositRepo;
  queue: DepositQueue;
  worker: Worker<DepositJob> | null;
  stop(): Promise<void>;
}

/** Crossref deposits: the store, the `crossref` queue, its worker in this process (unless switched off), the routes. */
export async function startDeposits(deps: ContentDeps): Promise<Deposits> {
  const c = deps.config;
  const store = new DepositRepo(deps.conn);
  await store.init();
  // The queue's own connections: BullMQ's blocking commands must not hold up the service's Redis.
  const queueConn: Redis = createRedis(c.REDIS_URL);
  const queue = new DepositQueue(queueConn, { prefix: `${c.REDIS_PREFIX}bull`, attempts: c.CROSSREF_ATTEMPTS, retryMs: c.CROSSREF_RETRY_MS });
  await queue.queue.waitUntilReady();
  const service = new DepositService(deps, store, queue);
  const client = new CrossrefClient({ depositUrl: c.CROSSREF_DEPOSIT_URL, timeoutMs: c.CROSSREF_TIMEOUT_MS });
  let workerConn: Redis | null = null;
  let worker: Worker<DepositJob> | null = null;
  if (c.CROSSREF_WORKER) {
    workerConn = createBlockingRedis(c.REDIS_URL);
    const ctx = {
      store,
      client,
      queue,
      credentials: (jid: string) => service.credentials(jid),
      logger: deps.logger,
      pollMs: c.CROSSREF_POLL_MS,
      pollRounds: c.CROSSREF_POLL_ROUNDS,
      attempts: c.CROSSREF_ATTEMPTS,
    };
    worker = queue.work(workerConn, (job) => runDepositStep({ data: job.data, attemptsMade: job.attemptsMade }, ctx));
  }
  return {
    router: depositRoutes(deps, service),
    service,
    store,
    queue,
    worker,
    async stop() {
      await worker?.close();
      await queue.close();
      workerConn?.disconnect();
      queueConn.disconnect();
    },
  };
}
