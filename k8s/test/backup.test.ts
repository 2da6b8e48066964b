/**
 * The backups prod runs: a CronJob of the content image that runs `jp db backup` onto a volume,
 * one at a time, failing loudly (no retries that hide a failure, failed Jobs kept for the alert),
 * allowed to reach the database and nothing else, hardened and sized like every pod; and the
 * restore drill beside it, suspended until an SRE starts it. The code it runs is tested against
 * the real database in services/content/test/backup-drill.test.ts.
 */
import { find, objectsOf, selects, type Container, type K8sObject, type PodSpec } from './targets';

type Dict = Record<string, unknown>;
const objs = objectsOf('overlays/prod');
const podOf = (cj: K8sObject) => {
  const job = ((cj.spec as Dict).jobTemplate as Dict).spec as Dict;
  const template = job.template as { metadata: { labels: Record<string, string> }; spec: PodSpec & { restartPolicy: string } };
  return { job, labels: template.metadata.labels, spec: template.spec, container: template.spec.containers[0] as Container };
};

describe('the backup CronJob', () => {
  const cj = find(objs, 'CronJob', 'db-backup')!;
  const { job, labels, spec, container } = podOf(cj);

  test('runs jp db backup from the content image onto the db-backups volume, every 6 hours, one at a time', () => {
    const s = cj.spec as Dict;
    expect(s.schedule).toBe('17 */6 * * *');
    expect(s.concurrencyPolicy).toBe('Forbid');
    expect(s.suspend ?? false).toBe(false);
    expect(Number(s.failedJobsHistoryLimit)).toBeGreaterThan(0);
    expect(job.backoffLimit).toBeLessThanOrEqual(1);
    expect(container.image).toBe('journal-content');
    expect(container.args!.slice(0, 5)).toEqual(['jp', 'db', 'backup', '--dir', '/backups']);
    expect(container.args).toEqual(expect.arrayContaining(['--keep', '--max-age-days']));
    const mount = container.volumeMounts!.find((m) => m.mountPath === '/backups')!;
    const volume = spec.volumes!.find((v) => v.name === mount.name)! as { persistentVolumeClaim?: { claimName: string } };
    expect(find(objs, 'PersistentVolumeClaim', volume.persistentVolumeClaim!.claimName)).toBeDefined();
    expect(spec.restartPolicy).toBe('Never');
  });

  test('reads the database URL from the Secret and the database name from the content config', () => {
    expect(container.env!.map((e) => e.name)).toEqual(expect.arrayContaining(['MONGO_URL', 'REDIS_URL']));
    const cm = container.envFrom!.find((e) => e.configMapRef)!.configMapRef!.name;
    expect((find(objs, 'ConfigMap', cm)!.data as Record<string, string>).MONGO_DB).toBeTruthy();
  });

  test('may reach the database (datastores-egress) and is hardened and sized like every pod', () => {
    const egress = find(objs, 'NetworkPolicy', 'datastores-egress')!;
    expect(selects((egress.spec as Dict).podSelector as Dict, labels)).toBe(true);
    expect(spec.automountServiceAccountToken).toBe(false);
    expect((spec.securityContext as Dict).runAsNonRoot).toBe(true);
    const sc = container.securityContext as Dict;
    expect([sc.allowPrivilegeEscalation, sc.readOnlyRootFilesystem]).toEqual([false, true]);
    for (const k of ['cpu', 'memory', 'ephemeral-storage']) {
      expect([k, Boolean(container.resources?.requests?.[k] && container.resources?.limits?.[k])]).toEqual([k, true]);
    }
  });
});

test('the restore drill restores the newest dump into a scratch database, only when started by hand', () => {
  const cj = find(objs, 'CronJob', 'db-restore-drill')!;
  const { container } = podOf(cj);
  expect((cj.spec as Dict).suspend).toBe(true);
  expect(container.args!.join(' ')).toMatch(/jp db verify --file \/backups\/latest && MONGO_DB=restoredrill jp db restore --file \/backups\/latest/);
  expect(container.volumeMounts!.find((m) => m.mountPath === '/backups')).toMatchObject({ readOnly: true });
});
