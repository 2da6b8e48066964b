/** Turns bench/results.json into docs/benchmarks.md with SVG bar charts. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PUBLIC_SITE_NOTES } from './public-site-notes';
import { edgeNotes } from './edge-notes';
import path from 'node:path';

const BENCH_DIR = __dirname;

/** In the order docs/benchmarks.md shows them. */
export const AREAS = ['reads', 'edge', 'reads under load', 'downloads', 'pdf', 'work-log', 'staff', 'submissions', 'store', 'public site'] as const;
type Area = (typeof AREAS)[number];
const AREA_TITLES: Record<Area, string> = {
  reads: 'Reads', edge: 'Readers at the edge (nginx keeps pages and reads, each write purges them)', 'reads under load': 'Reads under load', downloads: 'Downloads and usage counting', pdf: 'PDF', 'work-log': 'Work-log', staff: 'Staff actions (one editor, through nginx and the gateway)', submissions: 'Submissions and their delivery (the whole stack, through nginx and the gateway)', store: 'The embedded store (FerretDB on PostgreSQL, one journal of 100,000 articles or entries)', 'public site': 'Public site',
};

interface Goal {
  key: string;
  label: string;
  goal: number;
  better: 'higher' | 'lower';
  unit: string;
  /** The part of the platform the figure judges; docs/benchmarks.md groups its tables by it. */
  area: Area;
}

export const GOALS: Goal[] = [
  { key: 'read_ratio', label: 'cached: issue API through nginx\'s cache vs nginx static', goal: 0.5, better: 'higher', unit: '×', area: 'reads' },
  { key: 'edge_page_ratio_64', label: 'cached article page vs a 3 kB static file, req/s, 64 connections (wrk)', goal: 0.5, better: 'higher', unit: '×', area: 'edge' },
  { key: 'edge_page_ratio_8', label: 'cached article page vs a 3 kB static file, req/s, 8 connections', goal: 0.5, better: 'higher', unit: '×', area: 'edge' },
  { key: 'edge_list_ratio_64', label: 'cached issue list vs a 3 kB static file, req/s, 64 connections', goal: 0.6, better: 'higher', unit: '×', area: 'edge' },
  { key: 'edge_list_ratio_8', label: 'cached issue list vs a 3 kB static file, req/s, 8 connections', goal: 0.6, better: 'higher', unit: '×', area: 'edge' },
  { key: 'edge_page_p99_vs_static_64', label: 'cached article page p99 vs the static file\'s p99, 64 connections', goal: 3, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_page_p99_vs_static_8', label: 'cached article page p99 vs the static file\'s p99, 8 connections', goal: 3, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_list_p99_vs_static_64', label: 'cached issue list p99 vs the static file\'s p99, 64 connections', goal: 3, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_list_p99_vs_static_8', label: 'cached issue list p99 vs the static file\'s p99, 8 connections', goal: 3, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_page_nginx_cpu_vs_static', label: 'nginx CPU per cached page vs per static file', goal: 2, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_rendered_cpu_ms', label: 'a page nginx does not hold: CPU over nginx, gateway, render process and content', goal: 1, better: 'lower', unit: 'ms', area: 'edge' },
  { key: 'edge_rendered_cpu_vs_static', label: 'a page nginx does not hold: CPU over all processes vs a static file\'s nginx CPU, same run', goal: 15, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_tracking_hit_ratio', label: 'hit ratio of a reader mix where 30 % of requests carry a unique fbclid or utm_* set (wrk)', goal: 0.99, better: 'higher', unit: '×', area: 'edge' },
  { key: 'edge_tag_keys_vs_pages', label: 'keys under the journal\'s tag after 100,000 requests with unique tracking parameters (edge_tag_keys_after_flood) vs its distinct pages', goal: 2, better: 'lower', unit: '×', area: 'edge' },
  { key: 'edge_new_page_p99_ms_8', label: '8 readers asking at once for a page nginx does not hold, p99', goal: 50, better: 'lower', unit: 'ms', area: 'edge' },
  { key: 'edge_write_p99_ms_loaded', label: 'a staff save\'s answer (article, issue, settings) while a 64-connection reader mix keeps both cores busy, p99', goal: 300, better: 'lower', unit: 'ms', area: 'edge' },
  { key: 'edge_fresh_p99_ms', label: 'from a save\'s send (article, issue, settings, under a 64-connection reader mix) until readers see it, p99', goal: 1000, better: 'lower', unit: 'ms', area: 'edge' },
  { key: 'edge_mix_hit_ratio', label: 'hit ratio of a reader mix while those 100 edits run', goal: 0.99, better: 'higher', unit: '×', area: 'edge' },
  { key: 'content_alone_ratio', label: 'content service alone (cache hit) vs nginx static', goal: 0.5, better: 'higher', unit: '×', area: 'reads' },
  { key: 'read_uncached_ratio', label: 'uncached: nginx → gateway → content vs nginx static', goal: 0.25, better: 'higher', unit: '×', area: 'reads' },
  { key: 'read_uncached_p99_ms', label: 'uncached issue API p99 at 64 connections', goal: 30, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'issue300_after_write_ms', label: '300-article issue, first answer after an admin write', goal: 50, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'read_p99_during_bulk_ms', label: 'uncached issue API p99 at 32 connections while a 300-certificate zip renders', goal: 250, better: 'lower', unit: 'ms', area: 'reads under load' },
  { key: 'load_p99_ms', label: '200 readers (pages, article JSON, search, PDFs) with a bulk zip: overall p99', goal: 300, better: 'lower', unit: 'ms', area: 'reads under load' },
  { key: 'load_pdf_p99_ms', label: '200 readers with a bulk zip: PDF download p99', goal: 300, better: 'lower', unit: 'ms', area: 'reads under load' },
  { key: 'issue300_after_restart_ms', label: '300-article issue, first answer after a restart (once ready)', goal: 50, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'worklog_first_list_ms', label: 'first work-log list after a restart, 100,000 entries (once ready)', goal: 100, better: 'lower', unit: 'ms', area: 'work-log' },
  { key: 'certs_vs_naive', label: 'certificates vs browser-per-PDF', goal: 25, better: 'higher', unit: '×', area: 'pdf' },
  { key: 'workers_2_vs_1', label: '2 PDF workers vs 1', goal: 1.8, better: 'higher', unit: '×', area: 'pdf' },
  { key: 'worker_rss_ratio', label: 'worker RSS, 2,000 vs 200 certificates', goal: 1.2, better: 'lower', unit: '×', area: 'pdf' },
  { key: 'certs_per_s', label: 'certificates per second, one worker', goal: 50, better: 'higher', unit: '/s', area: 'pdf' },
  { key: 'read_p99_ms', label: 'cached: issue API p99 at 64 connections', goal: 25, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'issue300_p50_ms', label: 'issue of 300 articles, p50', goal: 50, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'search_p95_ms', label: 'search over 10,000 articles, 16 concurrent, p95', goal: 30, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'admin_search_p95_ms', label: 'admin search over 10,000 articles, 16 staff at once, p95', goal: 100, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'cert_cache_hit_p50_ms', label: 'repeated certificate (cache hit), p50', goal: 10, better: 'lower', unit: 'ms', area: 'pdf' },
  { key: 'staff_article_add_p99_ms', label: 'article add with a 5 MB PDF, p99 of 100 (where the time goes: staff-profile and store-write below)', goal: 500, better: 'lower', unit: 'ms', area: 'staff' },
  { key: 'staff_withdraw_p99_ms', label: 'article withdraw, p99 of 100', goal: 500, better: 'lower', unit: 'ms', area: 'staff' },
  { key: 'staff_restore_p99_ms', label: 'article restore, p99 of 100', goal: 500, better: 'lower', unit: 'ms', area: 'staff' },
  { key: 'staff_pin_p99_ms', label: 'editors pinned ("List Sorted!"), p99 of 40', goal: 500, better: 'lower', unit: 'ms', area: 'staff' },
  { key: 'staff_reorder_p99_ms', label: 'indexing list reordered, p99 of 40', goal: 500, better: 'lower', unit: 'ms', area: 'staff' },
  { key: 'submit_p99_ms', label: 'a submission with a 10 MB manuscript accepted and acknowledged, 8 submitters at once, p99 (what a stored file\'s write costs: store-write below)', goal: 500, better: 'lower', unit: 'ms', area: 'submissions' },
  { key: 'submit_store_floor_x8_p99_ms', label: '8 manuscripts of 10 MB written at once through the MongoDB driver alone, no platform code, p99 (the embedded store\'s floor on these 2 cores; 1 core: submit_store_floor_x8_p99_ms_1core)', goal: 500, better: 'lower', unit: 'ms', area: 'submissions' },
  { key: 'delivery_p50_s', label: '50 publications at once: "Publish" to the delivery email with its documents in the mailbox, p50 (where the time goes: submission-profile below)', goal: 20, better: 'lower', unit: 's', area: 'submissions' },
  { key: 'delivery_p99_s', label: '50 publications at once: "Publish" to the delivery email in the mailbox, p99', goal: 60, better: 'lower', unit: 's', area: 'submissions' },
  { key: 'reviewer_cert_p50_s', label: 'a review submitted from the reviewer\'s link to the certificate email, the PDF attached, in the mailbox, one review at a time, p50', goal: 20, better: 'lower', unit: 's', area: 'submissions' },
  { key: 'worklog_p95_ms', label: 'work-log list page over 100,000 entries, p95', goal: 30, better: 'lower', unit: 'ms', area: 'work-log' },
  { key: 'publisher_worklog_ready_ms', label: 'work-log process start to ready, 100,000 entries in one journal, largest deployment measured (publisher_worklog_entries)', goal: 3000, better: 'lower', unit: 'ms', area: 'work-log' },
  { key: 'publisher_search_p95_ms', label: 'search of a 50,000-article journal (search store, index built), 16 at once, p95', goal: 30, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_cold_search_ms', label: 'first search of a 50,000-article journal its replica does not hold (persisted index read)', goal: 1000, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_content_ready_ms', label: 'content process start to ready, largest publisher corpus measured (publisher_articles)', goal: 3000, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_content_ready_ratio', label: 'content start to ready, largest corpus vs 10,000 articles', goal: 1.2, better: 'lower', unit: '×', area: 'reads' },
  { key: 'publisher_content_rss_ratio', label: 'content RSS after the reader mix, largest corpus vs 10,000 articles', goal: 1.3, better: 'lower', unit: '×', area: 'reads' },
  { key: 'publisher_content_rss_mb', label: 'content RSS after ten minutes of the reader mix over every journal, largest corpus (cache budget 192 MB + 150 MB)', goal: 342, better: 'lower', unit: 'MB', area: 'reads' },
  { key: 'publisher_cold_issue_p50_ms', label: 'an issue list the replica never read, through the gateway, p50', goal: 15, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_cold_issue_p99_ms', label: 'an issue list the replica never read, through the gateway, p99', goal: 40, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_after_write_ms', label: 'first read on another replica after an admin write', goal: 50, better: 'lower', unit: 'ms', area: 'reads' },
  { key: 'publisher_worklog_first_list_ms', label: 'first work-log list of a fresh process, 100,000-entry journal, largest deployment measured', goal: 100, better: 'lower', unit: 'ms', area: 'work-log' },
  { key: 'worker_scale_efficiency_4', label: 'worker CPU per certificate, 1 worker vs 4', goal: 0.9, better: 'higher', unit: '×', area: 'pdf' },
  { key: 'store_article_update_p99_ms', label: 'article update, p99', goal: 50, better: 'lower', unit: 'ms', area: 'store' },
  { key: 'store_article_update_first_no_form_ms', label: 'article update, the first save after a restart with no form read before it (an API client), one run', goal: 50, better: 'lower', unit: 'ms', area: 'store' },
  { key: 'store_admin_list_p99_ms', label: 'admin issue list with counts, p99', goal: 50, better: 'lower', unit: 'ms', area: 'store' },
  { key: 'store_worklog_list_p99_ms', label: 'work-log list, p99', goal: 50, better: 'lower', unit: 'ms', area: 'store' },
  { key: 'store_pdf_first_byte_p99_ms', label: "a PDF's first byte, p99", goal: 20, better: 'lower', unit: 'ms', area: 'store' },
  { key: 'store_views_build_100k_s', label: 'views of 100,000 articles built', goal: 120, better: 'lower', unit: 's', area: 'store' },
  { key: 'store_seed_1m_s', label: 'publisher seed, 1,000,000 articles with their PDFs in 500 journals', goal: 1800, better: 'lower', unit: 's', area: 'store' },
  { key: 'lighthouse_perf_min', label: 'Lighthouse performance, lowest public page', goal: 95, better: 'higher', unit: 'pts', area: 'public site' },
  { key: 'lighthouse_seo_min', label: 'Lighthouse SEO, lowest public page', goal: 100, better: 'higher', unit: 'pts', area: 'public site' },
  { key: 'lighthouse_a11y_min', label: 'Lighthouse accessibility, lowest public page', goal: 100, better: 'higher', unit: 'pts', area: 'public site' },
  { key: 'lighthouse_bp_min', label: 'Lighthouse best practices, lowest public page', goal: 100, better: 'higher', unit: 'pts', area: 'public site' },
  { key: 'public_js_gzip_kb', label: 'JavaScript of a public first load, gzip', goal: 80, better: 'lower', unit: 'kB', area: 'public site' },
  { key: 'ssr_vs_api_ratio', label: 'article page vs article API, uncached', goal: 0.25, better: 'higher', unit: '×', area: 'public site' },
  { key: 'ssr_p99_ms', label: 'article page p99, uncached, 64 connections', goal: 60, better: 'lower', unit: 'ms', area: 'public site' },
  { key: 'download_counting_p50_ratio', label: 'PDF download p50, counting on vs off, at half the rate served back to back', goal: 1.05, better: 'lower', unit: '×', area: 'downloads' },
  { key: 'download_counting_p99_ratio', label: 'PDF download p99, counting on vs off, at half the rate served back to back', goal: 1.05, better: 'lower', unit: '×', area: 'downloads' },
  { key: 'download_counting_counted_ratio', label: 'distinct downloads counted vs sent', goal: 1, better: 'higher', unit: '×', area: 'downloads' },
  { key: 'counter_tr_j1_ms', label: 'COUNTER TR_J1 over SUSHI, a year of a 10,000-article journal, p99', goal: 500, better: 'lower', unit: 'ms', area: 'downloads' },
];

/** Per-page Lighthouse figures (`lighthouse.<journal>.<page>.<figure>`), one table row per page. */
const LH_COLUMNS: [string, string][] = [
  ['perf', 'perf'], ['seo', 'SEO'], ['a11y', 'a11y'], ['bp', 'BP'], ['fcp_ms', 'FCP ms'], ['lcp_ms', 'LCP ms'],
  ['tbt_ms', 'TBT ms'], ['cls', 'CLS'], ['bytes_kb', 'transferred kB'], ['js_gzip_kb', 'JS kB gzip'],
];
const LH_PAGES: Record<string, string> = { home: '`/`', issue: 'newest issue', article: 'an article', board: '`/board`' };

function lighthouseRows(results: Record<string, unknown>) {
  const pages = new Map<string, Record<string, number>>();
  for (const [k, v] of Object.entries(results)) {
    const m = /^lighthouse\.([^.]+)\.([^.]+)\.([^.]+)$/.exec(k);
    if (!m || typeof v !== 'number') continue;
    const key = `${m[1]}|${m[2]}`;
    pages.set(key, { ...(pages.get(key) ?? {}), [m[3]!]: v });
  }
  return [...pages].map(([key, row]) => {
    const [journal, page] = key.split('|') as [string, string];
    return { journal, page, row };
  });
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Horizontal bars of value against goal, each row scaled to its own goal. */
function barChart(title: string, rows: { label: string; value: number; goal: number; better: 'higher' | 'lower'; unit: string }[]): string {
  const w = 900, rowH = 34, top = 40, left = 330, barW = 360;
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
      `<text x="${left + barW + 8}" y="${y + 18}">${r.value.toFixed(r.unit === 'pts' ? 0 : 2)} ${esc(r.unit)} (goal ${r.better === 'higher' ? '≥' : '≤'} ${r.goal})</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** A line over points, for a series such as RSS after each batch of certificates. */
function lineChart(title: string, xLabel: string, yLabel: string, points: [number, number][]): string {
  const w = 760, h = 320, l = 70, r = 20, t = 40, b = 50;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const xMax = Math.max(...xs), yMax = Math.max(...ys) * 1.15 || 1;
  const X = (x: number) => l + (x / xMax) * (w - l - r), Y = (y: number) => h - b - (y / yMax) * (h - t - b);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`,
    ...ticks.map((v) => `<line x1="${l}" x2="${w - r}" y1="${Y(v).toFixed(1)}" y2="${Y(v).toFixed(1)}" stroke="#ddd"/><text x="${l - 8}" y="${(Y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(0)}</text>`),
    `<path d="${path}" fill="none" stroke="#1565c0" stroke-width="2"/>`,
    ...points.map((p) => `<circle cx="${X(p[0]).toFixed(1)}" cy="${Y(p[1]).toFixed(1)}" r="3" fill="#1565c0"/><text x="${X(p[0]).toFixed(1)}" y="${h - b + 16}" text-anchor="middle">${p[0]}</text>`),
    `<text x="${(l + w - r) / 2}" y="${h - 10}" text-anchor="middle">${esc(xLabel)}</text>`,
    `<text x="14" y="${(t + h - b) / 2}" transform="rotate(-90 14 ${(t + h - b) / 2})" text-anchor="middle">${esc(yLabel)}</text>`,
    '</svg>',
  ].join('\n');
}

/** Vertical bars with their values, for a few comparable quantities. */
function columns(title: string, unit: string, bars: [string, number][]): string {
  const w = 760, h = 300, t = 40, b = 40, gap = 40;
  const bw = (w - gap * (bars.length + 1)) / bars.length;
  const max = Math.max(...bars.map((x) => x[1])) * 1.15 || 1;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`,
    ...bars.map(([label, v], i) => {
      const x = gap + i * (bw + gap), bh = (v / max) * (h - t - b), y = h - b - bh;
      return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="#2e7d32"/>` +
        `<text x="${(x + bw / 2).toFixed(1)}" y="${(y - 6).toFixed(1)}" text-anchor="middle">${v.toFixed(1)} ${esc(unit)}</text>` +
        `<text x="${(x + bw / 2).toFixed(1)}" y="${h - b + 18}" text-anchor="middle">${esc(label)}</text>`;
    }),
    '</svg>',
  ].join('\n');
}

export function writeReport(results: Record<string, unknown>, docsDir: string) {
  mkdirSync(path.join(docsDir, 'bench'), { recursive: true });
  const num = (k: string) => (typeof results[k] === 'number' ? (results[k] as number) : undefined);
  const lines = [
    '# Benchmarks',
    '',
    `Measured ${results.date} at commit ${results.commit} on ${results.machine} (nproc ${results.nproc}) by \`npm run bench\`.`,
    'Absolute times hold only for that machine, which is shared and noisy; ratios come first because they travel.',
    ...(typeof results.partial === 'string' ? ['', `Note: ${results.partial}.`] : []),
  ];
  for (const area of AREAS) {
    const goals = GOALS.filter((g) => g.area === area);
    if (!goals.length) continue;
    lines.push('', `### ${AREA_TITLES[area]}`, '', '| figure | measured | goal | met |', '|---|---|---|---|');
    for (const g of goals) {
      const v = num(g.key);
      const met = v === undefined ? 'not measured' : (g.better === 'higher' ? v >= g.goal : v <= g.goal) ? 'yes' : 'no';
      lines.push(`| ${g.label} (\`${g.key}\`) | ${v === undefined ? '—' : `${v.toFixed(g.unit === 'pts' ? 0 : 2)} ${g.unit}`} | ${g.better === 'higher' ? '≥' : '≤'} ${g.goal} ${g.unit} | ${met} |`);
    }
  }
  lines.push(...edgeNotes(num));
  const w2 = num('workers_2_vs_1');
  if (w2 !== undefined && w2 < 1.8) {
    lines.push(
      '',
      `Where a goal is missed: two PDF worker processes gave ${w2.toFixed(2)}× one on a machine with ${results.nproc} cores.`,
      'One worker and its Chromium, the PDF API, FerretDB (writing each zip to GridFS) and Redis already share',
      'those cores, so a second worker process competes for them rather than adding capacity. Throughput',
      'grows with worker processes where each gets cores of its own, as pdf-worker pods with their own CPU',
      'requests do in Kubernetes (`kubectl scale deployment/pdf-worker --replicas=N`).',
    );
  }
  // A latency goal at a fixed number of connections always in flight is bounded by throughput
  // (Little's law: mean latency = connections ÷ requests/s), whatever the code does per request.
  const inFlight: [string, number | undefined, number, string][] = [
    ['read_uncached_p99_ms', (num('read_uncached_ratio') ?? NaN) * (num('static_rps') ?? NaN), 64, 'the uncached issue API'],
    ['ssr_p99_ms', num('ssr_rps'), 64, 'the uncached article page'],
  ];
  for (const [key, rps, conns, what] of inFlight) {
    const goal = GOALS.find((g) => g.key === key)!.goal;
    const v = num(key);
    if (v === undefined || v <= goal || !rps || !Number.isFinite(rps)) continue;
    lines.push(
      '',
      `Where \`${key}\` is missed: with ${conns} connections each waiting for its answer, ${what} at ${Math.round(rps)} requests/s`,
      `waits ${(conns / rps * 1000).toFixed(1)} ms on average (${conns} ÷ requests/s) before any tail; a p99 of ${goal} ms needs well over`,
      `${Math.round((conns / goal) * 1000)} requests/s from these ${results.nproc} cores, which share nginx, the gateway, the services and the load generator.`,
      ...(key === 'ssr_p99_ms' && num('ssr_api_p99_ms') !== undefined
        ? [`The article's JSON API, with no rendering at all, measured p99 ${num('ssr_api_p99_ms')} ms in the same run.`]
        : []),
    );
  }
  if (typeof results.note === 'string') lines.push('', `**Note on this run:** ${results.note}`);
  const mem: [string, string, string][] = [
    ['content_read_model_mb_per_10k_articles', 'content read models, heap per 10,000 public articles', 'MB'],
    ['content_time_to_ready_ms', 'content process: start to ready (every journal loaded)', 'ms'],
    ['content_ready_ms_per_100k_articles', 'content time to ready, scaled to 100,000 articles', 'ms'],
    ['worklog_index_mb_per_100k_entries', 'work-log process, heap after its first list (100,000 entries)', 'MB'],
    ['worklog_time_to_ready_ms', 'work-log process: start to ready (100,000 entries)', 'ms'],
    ['publisher_content_rss_full_cache_mb', 'content process with its cache filled to its budget (192 MB), largest publisher corpus: RSS', 'MB'],
  ];
  if (mem.some(([k]) => num(k) !== undefined)) {
    lines.push('', '### Read models: memory and time to ready', '', 'Reported for capacity planning (see docs/operations.md, "How much one content replica holds"); heap growth of a process loading them, so an upper bound.', '', '| figure | value |', '|---|---|');
    for (const [k, label, unit] of mem) if (num(k) !== undefined) lines.push(`| ${label} (\`${k}\`) | ${num(k)!.toFixed(1)} ${unit} |`);
  }
  // Sections written by their own scripts (bench/profile.ts, bench/render-profile.ts, bench/embedded-db.ts, bench/citation-writers.ts,
  // bench/first-start.sh) from what they measured: kept as files so a bench run that does not repeat them keeps their last figures.
  for (const [file, missing] of [
    ['profile.md', ''],
    ['render-profile.md', ''],
    ['edge-render.md', ''],
    ['publisher-worklog.md', ''],
    ['publisher-search.md', ''],
    ['publisher-content.md', ''],
    ['staff-profile.md', ''],
    ['staff-notes.md', ''],
    ['submission-profile.md', ''],
    ['store-write.md', ''],
    ['upload-cpu.md', ''],
    ['citation-writers.md', ''],
    ['first-start.md', ''],
    ['store.md', ''],
    ['store-files.md', ''],
    ['counter.md', ''],
    ['embedded-db.md', '### The embedded database: FerretDB on PostgreSQL against SQLite\n\nNot measured yet (`npx tsx bench/embedded-db.ts`). The local default stays SQLite until it is.\n'],
  ] as const) {
    const f = path.join(BENCH_DIR, file);
    const text = existsSync(f) ? readFileSync(f, 'utf8') : missing;
    if (text) lines.push('', text.trimEnd());
  }
  const lh = lighthouseRows(results);
  if (lh.length) {
    lines.push(
      '',
      'Lighthouse per page (`npm run bench -- lighthouse`: Lighthouse, mobile profile with its simulated throttling, Debian',
      'Chromium, each figure the median of 3 runs, through the stack\'s nginx as a reader gets it). Goals: performance ≥ 95,',
      'SEO, accessibility and best practices 100, JavaScript ≤ 80 kB gzip.',
      '',
      `| journal | page | ${LH_COLUMNS.map((c) => c[1]).join(' | ')} |`,
      `|---|---|${LH_COLUMNS.map(() => '---').join('|')}|`,
      ...lh.map(({ journal, page, row }) => `| ${journal} | ${LH_PAGES[page] ?? page} | ${LH_COLUMNS.map(([k]) => (row[k] === undefined ? '—' : String(row[k]))).join(' | ')} |`),
      '',
      ...(num('lighthouse_benchmark_index') !== undefined
        ? [
            `Lighthouse measured the host CPU at benchmark index ${num('lighthouse_benchmark_index')} during these runs (a quiet desktop gives`,
            '1,500 or more). Its simulated mobile timings, total blocking time above all, grow as that index drops, so',
            'performance scores taken on a busy shared machine are lower than the same pages score on a quiet one.',
            '',
          ]
        : []),
      'The article-page figures (`ssr_vs_api_ratio`, `ssr_p99_ms`) load one article page of the demo journal with 64',
      'connections (autocannon) with a bearer token, so nginx\'s cache is skipped and every request is rendered,',
      'against the same article\'s JSON API, also uncached, in the same run.',
      '',
      ...PUBLIC_SITE_NOTES,
    );
  }
  const known = new Set(GOALS.map((g) => g.key));
  for (const [k] of mem) known.add(k);
  const others = Object.entries(results).filter(([k, v]) => typeof v === 'number' && !known.has(k) && k !== 'nproc' && !k.startsWith('lighthouse.'));
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
  if (num('load_p99_ms') !== undefined || num('read_p99_during_bulk_ms') !== undefined) {
    const f = (k: string, unit = 'ms') => (num(k) === undefined ? '—' : `${num(k)} ${unit}`);
    lines.push(
      '',
      'Reads under load (`npm run bench -- load`, bench/load.bench.ts) run on the same machine as everything they load.',
      `\`read_p99_during_bulk_ms\` is the uncached issue API at 32 connections for as long as a 300-certificate zip renders`,
      `(the zip made ${f('bulk_certs_per_s_during_reads', 'certificates/s')} meanwhile; the same read without a zip: p99 ${f('read_p99_without_bulk_ms')}).`,
      'The load figures come from 200 readers mixing the home page, public API reads, rendered article pages, search and',
      `PDF downloads, while an admin adds an article a second and a second zip renders: ${f('load_rps', 'requests/s')}, ${f('load_errors', 'errors')}.`,
      `PDF downloads by versioned URL were answered by nginx's disk cache ${f('load_pdf_cache_hits', 'times')} and fetched from the services`,
      `${f('load_pdf_cache_misses', 'times')} (hits alone: p99 ${f('load_pdf_hit_p99_ms')}; downloads begun after the first 5 s, when every`,
      `file has been fetched once: p99 ${f('load_pdf_p99_after_5s_ms')}); a hit is nginx's answer from its disk cache, which`,
      'includes readers who waited on its cache lock while another fetched the file (nginx looks at them again every 500 ms).',
      `The 200 readers share one Node process: undici's pool of kept-alive connections, bodies counted and not kept`,
      `(${f('load_client_cpu_ms_per_request', 'ms')} of its CPU per request; node's http client with the bodies kept and decoded took`,
      'two to three times as much), its event loop at a higher CPU priority than the servers (nice -5) while the readers run, so',
      `that waiting for a core does not add its own delay to what it measures; its event-loop delay (p99 ${f('load_client_loop_delay_p99_ms')}) is printed.`,
      `With JP_NGINX_ACCESS_LOG=1 the bench also reads nginx's own time of each reader request (from reading the request to the`,
      `last byte sent): overall p99 ${f('load_nginx_p99_ms')}, PDF downloads p99 ${f('load_pdf_nginx_p99_ms')}, the server side of those latencies.`,
    );
  }
  const ratios = GOALS.filter((g) => g.unit === '×' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const latencies = GOALS.filter((g) => g.unit === 'ms' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const throughput = GOALS.filter((g) => g.unit === '/s' && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const scores = GOALS.filter((g) => (g.unit === 'pts' || g.unit === 'kB') && num(g.key) !== undefined).map((g) => ({ ...g, value: num(g.key)! }));
  const perfRows = lh.filter((p) => p.row.perf !== undefined)
    .map((p) => ({ key: `lighthouse.${p.journal}.${p.page}.perf`, area: 'public site' as const, label: `${p.journal} ${p.page}: performance`, value: p.row.perf!, goal: 95, better: 'higher' as const, unit: 'pts' }));
  const charts: [string, string, typeof ratios][] = [
    ['ratios.svg', 'Ratios against their goals (dashed line)', ratios],
    ['latency.svg', 'Latency percentiles against their goals (ms)', latencies],
    ['throughput.svg', 'Throughput against its goal', throughput],
    ['lighthouse.svg', 'Lighthouse (mobile, median of 3): lowest scores and public JavaScript', scores],
    ['lighthouse-pages.svg', 'Lighthouse performance of each public page (goal 95)', perfRows],
  ];
  lines.push('');
  for (const [file, title, rows] of charts) {
    if (!rows.length) continue;
    writeFileSync(path.join(docsDir, 'bench', file), barChart(title, rows));
    lines.push(`![${title}](bench/${file})`, '');
  }
  const series = (results.series ?? {}) as Record<string, number[]>;
  const one = num('pdf_pair_1_worker_per_s'), two = num('pdf_pair_2_workers_per_s'), naive = num('naive_certs_per_s');
  if (one !== undefined && two !== undefined) {
    const bars: [string, number][] = [...(naive !== undefined ? [['browser per PDF', naive] as [string, number]] : []), ['1 worker process', one], ['2 worker processes', two]];
    writeFileSync(path.join(docsDir, 'bench', 'workers.svg'), columns('Certificates per second against worker processes (two bulk zips at once)', '/s', bars));
    lines.push('![Certificates per second against worker processes](bench/workers.svg)', '');
  }
  const rss = series.worker_rss_series_mb;
  if (rss?.length) {
    writeFileSync(path.join(docsDir, 'bench', 'rss.svg'), lineChart('Worker RSS (node + its Chromium) over jobs', 'certificates rendered', 'MiB', rss.map((v, i) => [(i + 1) * 200, v])));
    lines.push('![Worker RSS over jobs](bench/rss.svg)', '');
  }
  const projected = series.scale_projected_certs_per_s;
  const saturation = num('projected_saturation_workers');
  if (projected?.length) {
    const title = `Projected certificates/s against pdf-worker pods${saturation !== undefined ? ` (shared parts saturate at ${saturation.toFixed(1)} pods)` : ''}`;
    writeFileSync(path.join(docsDir, 'bench', 'scale.svg'), lineChart(title, 'worker pods', 'certificates/s', projected.map((v, i) => [i + 1, v])));
    lines.push(
      '![Projected certificates per second against worker pods](bench/scale.svg)',
      '',
      'From `bench/scale.bench.ts`: each worker pod renders its CPU request (0.8 core) divided by the measured',
      'worker CPU-seconds per certificate, until the first shared part (pdf API, content, database, Redis) reaches',
      'the CPU the prod manifests give it at the measured shared CPU-seconds per certificate. The database and',
      'Redis of this machine also serve everything else running on it, so their share is an upper bound.',
      '',
    );
  }
  if (results.failures) lines.push('## Benchmarks that did not finish', '', '```', JSON.stringify(results.failures, null, 2), '```', '');
  writeFileSync(path.join(docsDir, 'benchmarks.md'), lines.join('\n') + '\n');
}
