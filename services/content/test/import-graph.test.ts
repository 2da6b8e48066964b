import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports of each source file (type-only imports count: a circle of types is still a circle). */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files(SRC)) {
    const text = readFileSync(f, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(f), m[1]!);
      deps.push(target.endsWith('.ts') ? target : `${target}.ts`);
    }
    g.set(f, deps);
  }
  return g;
}

test('the content service has no import circles', () => {
  const g = graph();
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (f: string, trail: string[]) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      circles.push([...trail.slice(trail.indexOf(f)), f].map((p) => path.relative(SRC, p)).join(' → '));
      return;
    }
    state.set(f, 'open');
    for (const d of g.get(f) ?? []) if (g.has(d)) visit(d, [...trail, f]);
    state.set(f, 'done');
  };
  for (const f of g.keys()) visit(f, []);
  expect(circles).toEqual([]);
});

const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');

/** Each `from` → `to` edge of the graph whose two ends the predicates name. */
const edges = (from: (f: string) => boolean, to: (f: string) => boolean) =>
  [...graph()].flatMap(([f, deps]) => (from(rel(f)) ? deps.filter((d) => to(rel(d))).map((d) => `${rel(f)} → ${rel(d)}`) : []));

test('the views are read by search, never the other way: nothing under views/ imports search/', () => {
  // A views rebuild announces the journal (ViewStore.onRebuilt); the search index follows it.
  expect(edges((f) => f.startsWith('views/'), (f) => f.startsWith('search/'))).toEqual([]);
});

test('what joins the layers is assembled beside app.ts: no layer imports the assembly', () => {
  const assembly = new Set(['app.ts', 'views-offline.ts', 'cache-metrics.ts']);
  for (const f of assembly) expect(existsSync(path.join(SRC, f))).toBe(true);
  // Only entry points (the service's main, the CLI and the seeds) build a process from it.
  const entry = (f: string) => assembly.has(f) || f === 'main.ts' || f.startsWith('cli/') || f.startsWith('seed/');
  expect(edges((f) => !entry(f), (f) => assembly.has(f))).toEqual([]);
});

test('routes call services, not repositories', () => {
  const wrong: string[] = [];
  for (const f of files(SRC)) {
    const name = rel(f);
    if (!name.endsWith('.routes.ts')) continue;
    const text = readFileSync(f, 'utf8');
    const uses = [
      ...text.matchAll(/\bdeps\.(repos|conn)\b/g),
      // A repository class by name (its plain record types, such as Journal, are fine).
      ...text.matchAll(/\b[A-Z]\w*Repo\b/g),
    ].map((m) => m[0]);
    if (uses.length) wrong.push(`${name}: ${[...new Set(uses)].join(', ')}`);
  }
  expect(wrong).toEqual([]);
});
