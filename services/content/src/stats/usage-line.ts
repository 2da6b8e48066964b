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

/** A counted hit as the usage log tells it: the journal is known by its host until resolved. */
export type UsageHit = Omit<Hit, 'journalId'> & { host: string };

/** What a usage line counts as, or null (not counted: robot, HEAD, error, later part of a file). */
export function hitOf(line: UsageLine): UsageHit | null {
  if (line.method !== 'GET' || (line.status !== '200' && line.status !== '206')) return null;
  const target = hitTarget(line.uri);
  if (!target || isRobot(line.ua)) return null;
  if (target.kind === 'download' && !isFirstPart(line.range || undefined)) return null;
  const ts = Math.round(Number(line.msec) * 1000);
  return { host: line.host.toLowerCase(), target, ip: line.ip, ua: line.ua, ts: Number.isFinite(ts) && ts > 0 ? ts : Date.now() };
}

