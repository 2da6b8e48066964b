/**
 * kubeconform in strict mode (no property a schema does not name) on every target, the released
 * prod overlay and the in-cluster datastores, against the Kubernetes 1.32 API and the CRDs of the
 * releases we deploy (kube-schemas.ts). A kind without a schema fails: nothing is skipped.
 */
import { kubeconform, problems } from './kube-schemas';
import { TARGETS, objectsOf, releasedProd, type K8sObject } from './targets';

jest.setTimeout(120_000);

describe.each(TARGETS)('%s', (target) => {
  test('every object is valid under kubeconform -strict', () => {
    const objs = objectsOf(target);
    const r = kubeconform(objs);
    expect(problems(r)).toEqual([]);
    expect(r.summary.valid).toBe(objs.length);
  });
});

test('the released prod overlay is valid under kubeconform -strict', () => {
  const { objs } = releasedProd();
  const r = kubeconform(objs);
  expect(problems(r)).toEqual([]);
  expect(r.summary.valid).toBe(objs.length);
});

test('strict mode refuses a misspelt field and an unknown kind', () => {
  const deployment = objectsOf('overlays/prod').find((o) => o.kind === 'Deployment')!;
  const bad = structuredClone(deployment) as K8sObject & { spec: Record<string, unknown> };
  bad.spec.replica = 2;
  const unknown: K8sObject = { apiVersion: 'example.org/v1', kind: 'Nothing', metadata: { name: 'x' } };
  const r = kubeconform([bad, unknown]);
  const byKind = new Map(r.resources.map((x) => [x.kind, x]));
  expect(byKind.get('Deployment')?.status).toBe('statusInvalid');
  expect(byKind.get('Deployment')?.msg).toMatch(/replica/);
  expect(byKind.get('Nothing')?.status).toBe('statusError');
});
