import dgram from 'node:dgram';
import type { Logger } from '@journal/server-kit';
import { hitTarget, isFirstPart, isRobot } from './hit-target';
import type { Hit } from './stats.recorder';

/**
 * nginx's usage log: for each article page, article read and PDF answered 200/206, nginx sends one
 * syslog datagram (`access_log syslog:... jp_usage`, written after the response has gone, so the
 * reader never waits for it and files nginx serves from its own cache are counted too). The
 * message is a JSON object after the syslog header.
 */
export interface UsageLine {
  host: string;
  method: string;
  uri: string;
  status: string;
  ua: string;
  ip: string;
  range: string;
  msec: string;
}

/** The JSON of one syslog datagram ('<PRI>Mmm dd hh:mm:ss tag: {...}'), or null. */
export function parseUsageDatagram(msg: string): UsageLine | null {
  const i = msg.indexOf(': {');
  if (i < 0 || msg.length > 16_384) return null;
  try {
    const v = JSON.parse(msg.slice(i + 2)) as Partial<UsageLine>;
    return typeof v.uri === 'string' && typeof v.host === 'string' ? (v as UsageLine) : null;
  } catch {
    return null;
  }
}

/** What a usage line counts as, or null (not counted: robot, HEAD, error, later part of a file). */
export function hitOf(line: UsageLine): Omit<Hit, 'journalId'> & { host: string } | null {
  if (line.method !== 'GET' || (line.status !== '200' && line.status !== '206')) return null;
  const target = hitTarget(line.uri);
  if (!target || isRobot(line.ua)) return null;
  if (target.kind === 'download' && !isFirstPart(line.range || undefined)) return null;
  const ts = Math.round(Number(line.msec) * 1000);
  return { host: line.host.toLowerCase(), target, ip: line.ip, ua: line.ua, ts: Number.isFinite(ts) && ts > 0 ? ts : Date.now() };
}

/** Host → journal id, remembered for a minute (a host's journal rarely changes). */
export type JournalOfHost = (host: string) => Promise<string | null>;

const RECV_BUFFER_BYTES = 4 * 1024 * 1024;

export class UsageLogReceiver {
  private socket: dgram.Socket | null = null;
  private hosts = new Map<string, { id: string | null; until: number }>();
  received = 0;

  constructor(
    private readonly journalOf: JournalOfHost,
    private readonly onHit: (h: Hit) => void,
    private readonly logger: Logger,
  ) {}

  /** Binds the UDP port; answers the port bound (0 picks a free one). */
  async start(port: number, host: string): Promise<number> {
    // A datagram that finds the socket's buffer full is dropped by the kernel, uncounted: room for a
    // few seconds of a busy journal's hits while this process is held up (the kernel caps it at
    // net.core.rmem_max).
    const s = dgram.createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', recvBufferSize: RECV_BUFFER_BYTES });
    s.on('message', (m) => this.take(m.toString('utf8')));
    s.on('error', (err) => this.logger.warn({ err }, 'usage log socket error'));
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.bind(port, host, () => {
        s.off('error', reject);
        resolve();
      });
    });
    this.socket = s;
    this.logger.info({ recvBufferBytes: s.getRecvBufferSize() }, 'usage log listening');
    return s.address().port;
  }

  stop(): void {
    this.socket?.close();
    this.socket = null;
  }

  /** One datagram: parsed and handed on; never throws. */
  take(msg: string): void {
    const line = parseUsageDatagram(msg);
    const h = line && hitOf(line);
    if (!h) return;
    this.received++;
    const known = this.hosts.get(h.host);
    const { host, ...hit } = h;
    if (known && known.until > Date.now()) {
      if (known.id) this.onHit({ ...hit, journalId: known.id });
      return;
    }
    this.journalOf(host)
      .then((id) => {
        this.hosts.set(host, { id, until: Date.now() + 60_000 });
        if (this.hosts.size > 10_000) this.hosts.delete(this.hosts.keys().next().value!);
        if (id) this.onHit({ ...hit, journalId: id });
      })
      .catch((err) => this.logger.warn({ err, host }, 'usage log: journal lookup failed'));
  }
}
