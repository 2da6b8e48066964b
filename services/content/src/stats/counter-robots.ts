import { readFileSync } from 'node:fs';

/**
 * COUNTER's list of robots (docs/product.md#usage-counting): user-agent patterns, matched without
 * regard to case, whose requests are never counted. The list is the COUNTER-Robots project's file
 * as published (JSON, `[{ "pattern": "...", ... }]`, or its generated text form, one pattern a
 * line); operations install it and name it in STATS_ROBOTS_FILE. The patterns become one regular
 * expression; a pattern JavaScript cannot compile is left out and reported.
 */
export interface RobotList {
  test: (ua: string) => boolean;
  size: number;
  skipped: string[];
}

export function parseRobotList(text: string): RobotList {
  const trimmed = text.trim();
  let patterns: string[];
  if (trimmed.startsWith('[')) {
    const items = JSON.parse(trimmed) as unknown;
    if (!Array.isArray(items)) throw new Error('robots list: not an array');
    patterns = items.map((i) => (i && typeof i === 'object' && typeof (i as { pattern?: unknown }).pattern === 'string' ? (i as { pattern: string }).pattern : '')).filter(Boolean);
  } else {
    patterns = trimmed.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  }
  const ok: string[] = [];
  const skipped: string[] = [];
  for (const p of patterns) {
    try {
      new RegExp(p, 'i');
      ok.push(p);
    } catch {
      skipped.push(p);
    }
  }
  const re = ok.length ? new RegExp(ok.map((p) => `(?:${p})`).join('|'), 'i') : null;
  return { test: (ua) => !!re && re.test(ua), size: ok.length, skipped };
}

export const loadRobotList = (file: string): RobotList => parseRobotList(readFileSync(file, 'utf8'));
