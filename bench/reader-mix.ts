/**
 * The reader mix the edge benchmarks run with wrk: the pages and reads of the demo journal that
 * links lead to (cached by nginx), and, when asked, every `missEvery`-th request a search nobody
 * made before (a miss the render process and content answer). The script counts nginx's hits.
 */

interface Listing {
  year: number;
  issues: { volume: number; issue: number }[];
}

/** The mix's paths: the home page, archive, board and reads, the newest issue's first articles, every issue. */
export function readerMixPaths(years: Listing[], newest: { year: number; volume: number; issue: number }, refs: string[]): string[] {
  const { year, volume, issue } = newest;
  const paths = ['/', '/archives', '/board', '/api/settings/', '/api/archives/', '/api/editors/', '/api/indexing/'];
  for (const ref of refs.slice(0, 12)) paths.push(`/archives/${year}/vol${volume}/issue${issue}/${encodeURIComponent(ref)}`, `/api/archives/ref/${encodeURIComponent(ref)}`);
  for (const y of years) for (const i of y.issues) paths.push(`/api/archives/${y.year}/${i.volume}/${i.issue}`, `/archives/${y.year}/vol${i.volume}/issue${i.issue}`);
  return paths;
}

/** wrk's Lua script for the mix; its `done` prints `EDGE_HITS <hits> <others>` (see hitsOf). */
export function readerMixScript(paths: string[], o: { missEvery?: number; salt?: string } = {}): string {
  const miss = o.missEvery ? [`  if i % ${o.missEvery} == 0 then return wrk.format("GET", "/search?keyword=zq${o.salt ?? ''}" .. i) end`] : [];
  return [
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }`,
    'local i = 0',
    'hits = 0',
    'other = 0',
    'local threads = {}',
    'function setup(thread) table.insert(threads, thread) end',
    // Each thread starts elsewhere in the list (and its searches are its own).
    'function init(args) i = math.random(1, 1000000) end',
    'request = function()',
    '  i = i + 1',
    ...miss,
    '  return wrk.format("GET", paths[(i % #paths) + 1])',
    'end',
    'response = function(status, headers, body) if headers["X-Cache"] == "HIT" then hits = hits + 1 else other = other + 1 end end',
    'function done(summary, latency, requests)',
    '  local h, o = 0, 0',
    '  for _, t in ipairs(threads) do h = h + t:get("hits"); o = o + t:get("other") end',
    '  io.write(string.format("EDGE_HITS %d %d\\n", h, o))',
    'end',
  ].join('\n');
}

/** Hits and other answers a run of the mix counted, from wrk's output. */
export function hitsOf(out: string): { hits: number; others: number } {
  const m = /EDGE_HITS (\d+) (\d+)/.exec(out);
  return { hits: Number(m?.[1] ?? 0), others: Number(m?.[2] ?? 0) };
}
