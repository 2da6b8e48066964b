import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { UsageFileTail } from './usage-file';
import { hitOf, parseUsageDatagram, parseUsageJson, type UsageHit, type UsageLine } from './usage-line';
import { loadRobotList } from './counter-robots';
import { useCounterRobots } from './hit-target';

/**
 * The usage log's reader, on a thread of its own at a low CPU priority, so that it waits for an
 * idle core instead of taking one from nginx or a reader's request. It either reads the file nginx
 * appends to (once per `pollMs`: no wake-up per download, for nginx on the same machine) or takes
 * nginx's syslog datagrams on a UDP socket (one per download, for nginx elsewhere). Hits go to the
 * main thread in batches.
 */
export type UsageSource = { kind: 'udp'; port: number; host: string; recvBufferBytes: number } | { kind: 'file'; path: string; pollMs: number };
export interface UsageWorkerData {
  source: UsageSource;
  batchMs: number;
  nice: number;
  /** COUNTER's robots list file, or '' (isbot alone). */
  robotsFile: string;
}
export type UsageWorkerMessage = { ready: { port: number; recvBufferBytes: number } | { file: string } } | { hits: UsageHit[] } | { error: string };

const data = workerData as UsageWorkerData;
const parent = parentPort!;
const send = (m: UsageWorkerMessage) => parent.postMessage(m);
// Read by the parent once already (it refuses to start on a bad file): the thread reads its own copy.
if (data.robotsFile) useCounterRobots(loadRobotList(data.robotsFile));

try {
  // Linux names the calling thread in /proc/thread-self ('<pid>/task/<tid>'); setpriority on a
  // thread id changes that thread alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) {
    os.setPriority(tid, data.nice);
    // The file keeps every line until it is read, so its reader may wait for an idle core for as
    // long as readers keep the machine busy, and catch up after (SCHED_IDLE, which a thread may
    // take without privileges). At nice 10 its bursts every half second still took turns with
    // nginx on a saturated two-core machine, and a cached article page's p99 went from 0.4–0.6 to
    // 1.8–2.2 ms. A socket's buffer does not wait (datagrams past it are dropped): the UDP reader
    // keeps nice 10.
    if (data.source.kind === 'file') spawnSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5000 });
  }
} catch {
  // Elsewhere the thread keeps the process's priority.
}

let batch: UsageHit[] = [];
const take = (line: UsageLine | null) => {
  const hit = line && hitOf(line);
  if (hit) batch.push(hit);
};
const flush = () => {
  if (!batch.length) return;
  send({ hits: batch });
  batch = [];
};

let stopSource: (done: () => void) => void;
let timer: NodeJS.Timeout;
const source = data.source;
if (source.kind === 'file') {
  const tail = new UsageFileTail(source.path);
  const poll = () => {
    try {
      for (const line of tail.read()) take(parseUsageJson(line));
    } catch (err) {
      send({ error: (err as Error).message });
    }
    flush();
  };
  timer = setInterval(poll, source.pollMs);
  stopSource = (done) => {
    poll();
    tail.close();
    done();
  };
  send({ ready: { file: source.path } });
} else {
  const socket = dgram.createSocket({ type: source.host.includes(':') ? 'udp6' : 'udp4', recvBufferSize: source.recvBufferBytes });
  socket.on('message', (m) => take(parseUsageDatagram(m.toString('utf8'))));
  socket.on('error', (err) => send({ error: err.message }));
  timer = setInterval(flush, data.batchMs);
  stopSource = (done) => {
    flush();
    socket.close(done);
  };
  socket.bind(source.port, source.host, () => {
    send({ ready: { port: socket.address().port, recvBufferBytes: socket.getRecvBufferSize() } });
  });
}

parent.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  stopSource(() => parent.close());
});
