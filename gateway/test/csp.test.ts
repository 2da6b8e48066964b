import { readFileSync } from 'node:fs';
import path from 'node:path';
import { securityHeaders } from '../src/security-headers';

const template = readFileSync(path.join(__dirname, '../../docker/nginx/default.conf.template'), 'utf8');

/**
 * The Content-Security-Policy is written once, as the gateway's helmet policy. nginx serves the
 * app's own pages with that policy except that nothing may frame them; its template carries the
 * value as text, and this test holds the two together.
 */
describe('the Content-Security-Policy of the pages nginx serves', () => {
  it("is the gateway's policy with frame-ancestors 'none'", () => {
    const nginx = /map \$host \$jp_csp \{\s*default "([^"]+)";/.exec(template)?.[1];
    const gateway = securityHeaders()['content-security-policy']!
      .split(';')
      .map((d) => (d.startsWith('frame-ancestors ') ? "frame-ancestors 'none'" : d))
      .join('; ');
    expect(nginx).toBe(gateway);
  });
});

/**
 * nginx's own answers (the app shell, /nginx-healthz, its 4xx and 5xx pages) carry the gateway's
 * security headers: the template's server-level more_set_headers holds every header helmet sets,
 * with helmet's value, but those each location sets (the policy and framing above) and the app's
 * Referrer-Policy.
 */
describe('the security headers nginx sets on every answer', () => {
  const OWN_VALUE: Record<string, string> = { 'referrer-policy': 'strict-origin-when-cross-origin' };
  const PER_LOCATION = ['content-security-policy', 'x-frame-options'];
  const block = /\n {4}more_set_headers\s+((?:"[^"]*"\s*)+);/.exec(template)?.[1] ?? '';
  const nginx = Object.fromEntries([...block.matchAll(/"([^:"]+):\s*([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));

  it("are the gateway's helmet headers", () => {
    const expected = Object.fromEntries(
      Object.entries(securityHeaders()).filter(([name]) => !PER_LOCATION.includes(name)).map(([name, value]) => [name, OWN_VALUE[name] ?? value]),
    );
    expect(nginx).toEqual(expected);
    expect(nginx['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('are never added a second time by a location', () => {
    for (const name of Object.keys(nginx)) expect([name, new RegExp(`^\\s*add_header ${name}\\b`, 'im').test(template)]).toEqual([name, false]);
  });
});
