/** Turns bench/results.json into docs/benchmarks.md with SVG bar charts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Goal {
  key: string;
  label: string;
  goal: number;
  better: 'higher' | 'lower';
  unit: string;
  issue: number;
}

export const GOALS: Goal[] = [
  { key: 'read_ratio', label: 'issue API vs nginx static (ratio)', goal: 0.5, better: 'higher', unit: '×', issue: 3 },
  { key: 'certs_vs_naive', label: 'certificates vs browser-per-PDF', goal: 25, better: 'higher', unit: '×', issue: 5 },
  { key: 'workers_2_vs_1', label: '2 PDF workers vs 1', goal: 1.8, better: 'higher', unit: '×', issue: 5 },
  { key: 'worker_rss_ratio', label: 'worker RSS, 2,000 vs 200 certificates', goal: 1.2, better: 'lower', unit: '×', issue: 5 },
  { key: 'certs_per_s', label: 'certificates per second, one worker', goal: 50, better: 'higher', unit: '/s', issue: 5 },
  { key: 'read_p99_ms', label: 'issue API p99 at 64 connections', goal: 25, better: 'lower', unit: 'ms', issue: 3 },
  { key: 'issue300_p50_ms', label: 'issue of 300 articles, p50', goal: 50, better: 'lower', unit: 'ms', issue: 3 },
  { key: 'search_p95_ms', label: 'search over 10,000 articles, p95', goal: 30, better: 'lower', unit: 'ms', issue: 3 },
  { key: 'cert_cache_hit_p50_ms', label: 'repeated certificate (cache hit), p50', goal: 10, better: 'lower', unit: 'ms', issue: 5 },
  { key: 'worklog_p95_ms', label: 'work-log list page over 100,000 entries, p95', goal: 30, better: 'lower', unit: 'ms', issue: 6 },
];

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Horizontal bars of value against goal, each row scaled to its own goal. */
function barChart(title: string, rows: { label: string; value: number; goal: number; better: 'higher' | 'lower'; unit: string }[]): string {
  const w = 760, rowH = 34, top = 40, left = 330, barW = 360;
  const h = top + rows.length * rowH + 20;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`, `<text x="10" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`];
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const max = Math.max(r.value, r.goal) * 1.1 || 1;
    const vw = (r.value / max) * barW, gx = left + (r.goal / max) * barW;
    const ok = r.better === 'higher' ? r.value >= r.goal : r.value <= r.goal;
    parts.push(`<text x="10" y="${y + 18}">${esc(r.label)}</text>`,
      `<rect x="${left}" y="${y + 6}" width="${vw.toFixed(1)}" height="18" fill="${ok ? '#2e7d32' : '#c62828'}"/>`,
      `<line x1="${gx.toFixed(1)}" x2="${gx.toFixed(1)}" y1="${y + 2}" y2="${y + 28}" stroke="#000" stroke-dasharray="3,2"/>`,
      `<text x="${left + barW + 8}" y="${y + 18}">${r.value.toFixed(2)} ${esc(r.unit)} (goal ${r.better === 'higher' ? '≥' : '≤'} ${r.goal})</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function writeReport(results: Record<string, unknown>, docsDir: string) {
  mkdirSync(path.join(docsDir, 'bench'), { recursive: true });
  const num = (k: string) => (typeof results[k] === 'number' ? (results[k] as number) : undefined);
  const lines = [
    '# Benchmarks',
    '',
    `Measured ${results.date} at commit ${results.commit} on ${results.machine} (nproc ${results.nproc}) by \`npm run bench\`.`,
    'Absolute times hold only for that machine, which is shared and noisy; ratios come first because they travel.',
    '',
    '| figure | issue | measured | goal | met |',
    '|---|---|---|---|---|',
  ];
  for (const g of GOALS) {
    const v = num(g.key);
    const met = v === undefined ? 'not measured' : (g.better === 'higher' ? v >= g.goal : v <= g.goal) ? 'yes' : 'no';
    lines.push(`| ${g.label} (\`${g.key}\`) | #${g.issue} | ${v === undefined ? '—' : `${v.toFixed(2)} ${g.unit}`} | ${g.better === 'higher' ? '≥' : '≤'} ${g.goal} ${g.unit} | ${met} |`);
  }
  const known = new Set(GOALS.map((g) => g.key));
  const others = Object.entries(results).filter(([k, v]) => typeof v === 'number' && !known.has(k) && k !== 'nproc');
  if (others.length) {
    lines.push('', 'Other figures the benchmarks printed (no goal of their own):', '', '| figure | value |', '|---|---|');
    for (const [k, v] of others) lines.push(`| \`${k}\` | ${v} |`);
  }
  lines.push(
    '',
    'The public read figures (`read_ratio`, `read_p99_ms`) are taken through nginx with its one-second',
    'cache of public API reads, as a deployment serves readers; `read_uncached_ratio` and',
    '`read_uncached_p99_ms` skip that cache and measure nginx → gateway → content on every request.',
  );
  const ratios = GOALS.filter((g) => g.unit === '×' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const latencies = GOALS.filter((g) => g.unit === 'ms' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const throughput = GOALS.filter((g) => g.unit === '/s' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const charts: [string, string, typeof ratios][] = [
    ['ratios.svg', 'Ratios against their goals (dashed line)', ratios],
    ['latency.svg', 'Latency percentiles against their goals (ms)', latencies],
    ['throughput.svg', 'Throughput against its goal', throughput],
  ];
  lines.push('');
  for (const [file, title, rows] of charts) {
    if (!rows.length) continue;
    writeFileSync(path.join(docsDir, 'bench', file), barChart(title, rows));
    lines.push(`![${title}](bench/${file})`, '');
  }
  if (results.failures) lines.push('## Benchmarks that did not finish', '', '```', JSON.stringify(results.failures, null, 2), '```', '');
  writeFileSync(path.join(docsDir, 'benchmarks.md'), lines.join('\n') + '\n');
}
