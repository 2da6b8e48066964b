/**
 * The probes the web pods get, against the real nginx with the image's template: liveness
 * (/nginx-healthz) is answered from the config alone, readiness reads the app's /index.html.
 */
import { BASE } from './harness';

test('nginx answers its liveness path itself, never cached, and serves the app for readiness', async () => {
  const live = await fetch(`${BASE}/nginx-healthz`);
  expect(live.status).toBe(200);
  expect(await live.text()).toBe('ok\n');
  expect(live.headers.get('cache-control')).toBe('no-store');
  const ready = await fetch(`${BASE}/index.html`);
  expect(ready.status).toBe(200);
  expect(await ready.text()).toMatch(/<html/i);
});
