import { readFileSync } from 'node:fs';
import path from 'node:path';
import { securityHeaders } from '../src/security-headers';

/**
 * The Content-Security-Policy is written once, as the gateway's helmet policy. nginx serves the
 * app's own pages with that policy except that nothing may frame them; its template carries the
 * value as text, and this test holds the two together.
 */
describe('the Content-Security-Policy of the pages nginx serves', () => {
  it("is the gateway's policy with frame-ancestors 'none'", () => {
    const template = readFileSync(path.join(__dirname, '../../docker/nginx/default.conf.template'), 'utf8');
    const nginx = /map \$host \$jp_csp \{\s*default "([^"]+)";/.exec(template)?.[1];
    const gateway = securityHeaders()['content-security-policy']!
      .split(';')
      .map((d) => (d.startsWith('frame-ancestors ') ? "frame-ancestors 'none'" : d))
      .join('; ');
    expect(nginx).toBe(gateway);
  });
});
