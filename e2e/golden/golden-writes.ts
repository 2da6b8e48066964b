/**
 * The admin writes made before the golden walk, the same through any version of the platform (its
 * public login and withdrawal API through nginx): per journal one article withdrawn (a tombstone,
 * an OAI deleted record) and one retracted (listed, marked), so the walk covers what a write path
 * leaves behind and what the demo seed alone never has.
 */
import http from 'node:http';
import type { GoldenJournal } from './public-walk';

export const GOLDEN_ADMIN = { username: 'admin', password: 'admin12345' };

export interface GoldenWrite {
  slug: string;
  ref: string;
  id: string;
  kind: 'withdrawn' | 'retracted';
}

function send(port: number, host: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          host: `${host}:${port}`,
          ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer for ${method} ${host}${path}`)));
    req.on('error', reject);
    req.end(data);
  });
}

/** Withdraws the second and retracts the third article of each journal's newest issue. */
export async function goldenWrites(port: number, journals: GoldenJournal[]): Promise<GoldenWrite[]> {
  const done: GoldenWrite[] = [];
  for (const j of journals) {
    const login = await send(port, j.host, 'POST', '/auth/login/', GOLDEN_ADMIN);
    const token = (login.json as { token?: string }).token;
    if (login.status !== 200 || !token) throw new Error(`login on ${j.host}: ${login.status} ${JSON.stringify(login.json)}`);
    const years = (await send(port, j.host, 'GET', '/api/archives/')).json as { year: number; issues: { volume: number; issue: number }[] }[];
    const y = years[0]!;
    const i = y.issues[0]!;
    const list = (await send(port, j.host, 'GET', `/api/archives/${y.year}/${i.volume}/${i.issue}`)).json as { id: string; refnumber: string }[];
    const plan: [number, GoldenWrite['kind']][] = [
      [1, 'withdrawn'],
      [2, 'retracted'],
    ];
    for (const [n, kind] of plan) {
      const a = list[n]!;
      const r = await send(port, j.host, 'POST', `/api/admin/articles/${a.id}/withdraw`, { kind, reason: `Golden comparison: ${kind} for a test of the public answers.` }, token);
      if (r.status !== 200) throw new Error(`withdraw ${j.slug} ${a.refnumber}: ${r.status} ${JSON.stringify(r.json)}`);
      done.push({ slug: j.slug, ref: a.refnumber, id: a.id, kind });
    }
    // The writes answered once stored; the walk starts once the caches in front took them too.
    for (const end = Date.now() + 30_000; ; ) {
      const s = (await send(port, j.host, 'GET', '/api/admin/edge-status', undefined, token)).json as { published: number; live: number };
      if (s.live >= s.published) break;
      if (Date.now() > end) throw new Error(`${j.slug}: writes not live after 30 s: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return done;
}
