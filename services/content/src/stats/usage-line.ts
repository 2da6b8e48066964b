import { hitTarget, isFirstPart, isRobot } from './hit-target';
import type { Hit } from './stats.recorder';

/**
 * nginx's usage log: for each article page, article read and PDF answered 200/206, nginx writes one
 * JSON line (`access_log ... jp_usage`, after the response has gone, so the reader never waits for
 * it and files nginx serves from its own cache are counted too), either to a file the content
 * service reads or as a syslog datagram to its UDP port (the JSON after the syslog header).
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

/** A longer line is not nginx's: the format's fields are bounded by nginx's own header limits. */
const MAX_LINE = 16_384;

/** One line of the usage log file ('{...}'), or null. */
export function parseUsageJson(line: string): UsageLine | null {
  if (line.length > MAX_LINE || !line.startsWith('{')) return null;
  try {
    const v = JSON.parse(line) as Partial<UsageLine>;
    return typeof v.uri === 'string' && typeof v.host === 'string' ? (v as UsageLine) : null;
  } catch {
    return null;
  }
}

/** The JSON of one syslog datagram ('<PRI>Mmm dd hh:mm:ss tag: {...}'), or null. */
export function parseUsageDatagram(msg: string): UsageLine | null {
  const i = msg.indexOf(': {');
  return i < 0 ? null : parseUsageJson(msg.slice(i + 2));
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

