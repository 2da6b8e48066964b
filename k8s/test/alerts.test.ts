/**
 * The alert rules of the monitoring component, unit-tested with the real promtool (from Debian's
 * prometheus package, `bash scripts/provision.sh k8stools`): `promtool check rules` on the
 * PrometheusRule's groups, and `promtool test rules` with the cases of
 * k8s/components/monitoring/alerts.test.yaml (each alert fires on the series that should page, and
 * stays silent on those that should not).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { K8S, ROOT, find, objectsOf } from './targets';

const MONITORING = path.join(K8S, 'components/monitoring');

/** The promtool of scripts/provision.sh; a missing one fails the suite, never skips it. */
function promtool(): string {
  const bin = path.join(ROOT, '.data/bin/promtool');
  if (!fs.existsSync(bin)) throw new Error('promtool is not installed: bash scripts/provision.sh k8stools');
  return bin;
}

const rule = YAML.parse(fs.readFileSync(path.join(MONITORING, 'prometheus-rule.yaml'), 'utf8')) as { spec: { groups: { name: string; rules: { alert?: string; record?: string }[] }[] } };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, 'rules.yaml'), YAML.stringify({ groups: rule.spec.groups }));
fs.copyFileSync(path.join(MONITORING, 'alerts.test.yaml'), path.join(dir, 'alerts.test.yaml'));

const run = (args: string[]) => {
  try {
    return { code: 0, out: execFileSync(promtool(), args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
};

test('promtool accepts the rules', () => {
  const r = run(['check', 'rules', 'rules.yaml']);
  expect([r.code, r.out]).toEqual([0, expect.stringMatching(/SUCCESS/)]);
});

test('promtool test rules: every case passes', () => {
  const r = run(['test', 'rules', 'alerts.test.yaml']);
  expect([r.code, r.out]).toEqual([0, expect.stringMatching(/SUCCESS/)]);
});

test('every alert the SRE watches exists and is tested', () => {
  const alerts = rule.spec.groups.flatMap((g) => g.rules.map((r) => r.alert).filter(Boolean));
  const tested = new Set([...fs.readFileSync(path.join(MONITORING, 'alerts.test.yaml'), 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
  for (const a of [
    'ErrorBudgetBurnFast', 'LatencyBudgetBurnFast', 'LatencyBudgetBurnSlow', 'JournalHttp5xx', 'ContainerRestarting', 'DatabaseUnavailable',
    'RedisUnavailable', 'RedisMemoryHigh', 'RedisEvictingKeys', 'PdfQueueNearKedaCeiling', 'PdfWorkersSaturated', 'CertificateExpiringSoon',
    'BackupFailed', 'BackupTooOld',
  ]) {
    expect([a, alerts.includes(a), tested.has(a)]).toEqual([a, true, true]);
  }
});

test('the prod overlay carries the scrape config, the rules and the dashboard, and the queue alert uses KEDA\'s ceiling', () => {
  const objs = objectsOf('overlays/prod');
  expect(find(objs, 'PodMonitor', 'journal-platform')).toBeDefined();
  const rendered = find(objs, 'PrometheusRule', 'journal-platform')!;
  expect((rendered.spec as { groups: unknown[] }).groups).toEqual(rule.spec.groups);
  const dashboard = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard === '1')!;
  const json = JSON.parse(Object.values(dashboard.data as Record<string, string>)[0]!) as { panels: { title: string; targets: { expr: string }[] }[] };
  expect(json.panels.length).toBeGreaterThanOrEqual(8);
  for (const p of json.panels) expect([p.title, p.targets.length > 0]).toEqual([p.title, true]);
  const so = find(objs, 'ScaledObject', 'pdf-worker')!.spec as { maxReplicaCount: number; triggers: { metadata: { listName: string; listLength?: string } }[] };
  // The alert reads the ceiling from KEDA's HPA and 4 waiting jobs per worker from the trigger.
  expect(so.triggers.find((t) => t.metadata.listName.endsWith(':wait'))!.metadata.listLength).toBe('4');
});
