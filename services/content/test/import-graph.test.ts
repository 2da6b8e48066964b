import { readdirSync, readFileSync, statSync } from 'node:fs';
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
