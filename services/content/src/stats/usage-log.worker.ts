import dgram from 'node:dgram';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hitOf, parseUsageDatagram, type UsageHit } from './usage-line';

/**
 * The usage log's socket, on a thread of its own at a low CPU priority: a datagram per download
 * wakes this thread, not the one answering readers, and on a busy machine it waits for an idle core
 * instead of taking one from nginx or a reader's request. Hits go to the main thread in batches.
 */
export interface UsageWorkerData {
  port: number;
  host: string;
  recvBufferBytes: number;
  batchMs: number;
  nice: number;
}
export type UsageWorkerMessage = { bound: number; recvBufferBytes: number } | { hits: UsageHit[] } | { error: string };

const data = workerData as UsageWorkerData;
const parent = parentPort!;

try {
  // Linux names the calling thread in /proc/thread-self ('<pid>/task/<tid>'); setpriority on a
  // thread id changes that thread alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, data.nice);
} catch {
  // Elsewhere the thread keeps the process's priority.
}

let batch: UsageHit[] = [];
const socket = dgram.createSocket({ type: data.host.includes(':') ? 'udp6' : 'udp4', recvBufferSize: data.recvBufferBytes });
socket.on('message', (m) => {
  const line = parseUsageDatagram(m.toString('utf8'));
  const hit = line && hitOf(line);
  if (hit) batch.push(hit);
});
socket.on('error', (err) => parent.postMessage({ error: err.message } satisfies UsageWorkerMessage));
const flush = () => {
  if (!batch.length) return;
  parent.postMessage({ hits: batch } satisfies UsageWorkerMessage);
  batch = [];
};
const timer = setInterval(flush, data.batchMs);
socket.bind(data.port, data.host, () => {
  parent.postMessage({ bound: socket.address().port, recvBufferBytes: socket.getRecvBufferSize() } satisfies UsageWorkerMessage);
});
parent.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  flush();
  socket.close(() => parent.close());
});
