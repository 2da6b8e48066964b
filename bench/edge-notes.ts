/** What docs/benchmarks.md says under the edge figures (bench/edge.bench.ts), with this run's values. */
export function edgeNotes(num: (k: string) => number | undefined): string[] {
  if (num('edge_page_rps_64') === undefined && num('edge_fresh_p99_ms') === undefined) return [];
  const v = (k: string, d = 3) => (num(k) === undefined ? '—' : String(Number(num(k)!.toFixed(d))));
  return [
    '',
    '#### How the edge figures are measured',
    '',
    '`bench/edge.bench.ts` (`npm run bench -- edge`): wrk with 2 threads (its CPU is its own process\'s, not counted),',
    '`Accept-Encoding: gzip`, 5 s a row. Every row runs in the same run as a 3 kB static file that nginx sends as it is',
    '(sendfile, no gzip: the strictest baseline), measured before and after the row. CPU per answer is each process\'s',
    'CPU time from /proc over the row divided by the answers. The machine (2 cores) was shared with other engineers\'',
    'builds and test runs during these runs (load average 14–18): the absolute figures, p99s above all, are noisy.',
    '',
    `- A cached article page (40 kB of HTML) is stored gzip-compressed once: nginx spends ${v('edge_page_nginx_cpu_ms')} ms per hit`,
    `  against ${v('edge_static_nginx_cpu_ms')} ms per static file (it used to gzip the page again on every hit: 0.500 ms, 20×). What`,
    '  remains above the static file is the cache lookup, the larger send and the usage log line of an article view.',
    `  The issue list (JSON) costs ${v('edge_list_nginx_cpu_ms')} ms.`,
    '- A hit never waits: entries are purged, not expired, so there is no once-a-second refresh to queue behind;',
    '  `proxy_cache_background_update` serves the stored answer while one refresh runs, and the first readers of a',
    '  key not yet stored make one upstream request (`proxy_cache_lock`; readers arriving meanwhile wait for it,',
    '  nginx looks again every 500 ms).',
    `- A page nginx does not hold yet (a new URL per request, 8 connections): ${v('edge_rendered_cpu_ms')} ms of CPU over nginx`,
    `  ${v('edge_rendered_cpu_nginx_ms')}, gateway ${v('edge_rendered_cpu_gateway_ms')}, render process ${v('edge_rendered_cpu_render_ms')}, content ${v('edge_rendered_cpu_content_ms')}. The gateway now compresses the`,
    '  page (once, for nginx to keep) and records its key under its tags; the render process revalidates each read',
    '  with content (a page is kept until a write purges it, so it must hold every earlier write). See the render',
    '  profile below for what dominates there. It is a cost paid once per page and write, not per reader.',
    `- 100 article edits by the admin while wrk reads a mix of about 50 pages and reads: from each edit's answer the page and`,
    `  the issue list answered the new title after p50 ${v('edge_fresh_p50_ms', 1)} ms, p99 ${v('edge_fresh_p99_ms', 1)} ms (the edit itself took p50`,
    `  ${v('edge_write_p50_ms', 1)} ms: it waits for nginx's purge); the readers' hit ratio was ${v('edge_mix_hit_ratio', 4)} over ${v('edge_mix_reads', 0)} reads.`,
    '- Purging by key, from a map of tag → keys the gateway records as answers pass (Redis), was chosen over',
    '  versioned keys: a versioned key needs nginx to look the version up on every request (a scripting module that',
    '  Debian\'s nginx does not carry) and leaves every old entry on disk until it ages out, while a purge by key',
    '  removes exactly the keys a write changed, costs one local request per key, and the same tags purge a CDN.',
    '  The two were not measured side by side.',
  ];
}
