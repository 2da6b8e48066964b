import { Counter, Gauge, type Registry } from 'prom-client';
import type { Redis } from './redis';

/** What Redis says of its memory (INFO memory and stats). */
export interface RedisMemory {
  usedBytes: number;
  /** 0: no maxmemory, Redis grows until the machine or the pod's limit stops it. */
  maxBytes: number;
  policy: string;
  evictedKeys: number;
}

const field = (info: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? '';

/** INFO memory and stats of one Redis, or null when it cannot be asked now. */
export async function redisMemory(redis: Redis): Promise<RedisMemory | null> {
  if (redis.status !== 'ready') return null;
  try {
    const info = `${await redis.info('memory')}\n${await redis.info('stats')}`;
    return {
      usedBytes: Number(field(info, 'used_memory')) || 0,
      maxBytes: Number(field(info, 'maxmemory')) || 0,
      policy: field(info, 'maxmemory_policy'),
      evictedKeys: Number(field(info, 'evicted_keys')) || 0,
    };
  } catch {
    return null;
  }
}

/**
 * Each Redis a process uses, as Prometheus sees it (redis_exporter's names, labelled by the
 * process's name for that Redis): its memory against maxmemory, its policy, and the keys it
 * evicted. Read at each scrape, once for all of them; a Redis that does not answer is left out.
 */
export function registerRedisMemoryMetrics(clients: Record<string, Redis>, registry: Registry): void {
  const names = Object.keys(clients);
  if (!names.length) return;
  let last: Promise<[string, RedisMemory | null][]> | undefined;
  let at = 0;
  // The four metrics' collects of one scrape share one read.
  const read = () => {
    if (!last || performance.now() - at > 1000) {
      at = performance.now();
      last = Promise.all(names.map(async (n) => [n, await redisMemory(clients[n]!)] as [string, RedisMemory | null]));
    }
    return last;
  };
  const each = async (fn: (dependency: string, m: RedisMemory) => void) => {
    for (const [n, m] of await read()) if (m) fn(n, m);
  };
  new Gauge({
    name: 'redis_memory_used_bytes',
    help: 'Memory Redis uses (INFO used_memory), per Redis the process uses',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      await each((dependency, m) => this.set({ dependency }, m.usedBytes));
    },
  });
  new Gauge({
    name: 'redis_memory_max_bytes',
    help: 'maxmemory of the Redis (0: none)',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      await each((dependency, m) => this.set({ dependency }, m.maxBytes));
    },
  });
  new Gauge({
    name: 'redis_maxmemory_policy',
    help: 'The maxmemory-policy of the Redis (1 for the policy it runs)',
    labelNames: ['dependency', 'policy'],
    registers: [registry],
    async collect() {
      this.reset();
      await each((dependency, m) => this.set({ dependency, policy: m.policy }, 1));
    },
  });
  new Counter({
    name: 'redis_evicted_keys_total',
    help: 'Keys the Redis evicted under maxmemory since it started (INFO evicted_keys)',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      // Redis counts; this mirrors its count.
      this.reset();
      await each((dependency, m) => this.inc({ dependency }, m.evictedKeys));
    },
  });
}
