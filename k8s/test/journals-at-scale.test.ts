/**
 * 500 journal domains on one shared Gateway: the prod overlay with 500 journals (1,000 hosts),
 * each file written by the same code as `jp journal k8s`, renders with the oldest and the default
 * kustomize, validates against the Gateway API and cert-manager schemas, and keeps every
 * routing rule (routing.ts). Bad input: a host that is not a DNS name, or one host twice, is
 * refused by the generator, and a host in two journals' files is caught in the rendered overlay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { edgeHosts, journalManifests, journalManifestsYaml } from '../../services/content/src/journals/journal-k8s';
import { problemsOf } from './schemas';
import { isCustom, kubeconform, problems } from './kube-schemas';
import { routingProblems } from './routing';
import { KUBERNETES_RELEASES, KUSTOMIZE_VERSION, KUSTOMIZE_VERSIONS, copyOfK8s, idOf, kustomizeBuild, ofKind, type K8sObject } from './targets';

jest.setTimeout(240_000);

const JOURNALS = 500;
const slugOf = (i: number) => `j${String(i).padStart(3, '0')}`;

/** A copy of k8s/ whose prod overlay lists `count` journals, each file from the generator. */
function overlayWith(count: number, tweak?: (slug: string, hosts: string[]) => string[]): string {
  const k8s = copyOfK8s();
  const dir = path.join(k8s, 'overlays/prod/journals');
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const slug = slugOf(i);
    const hosts = [`www.journal-${i}.example.org`, `journal-${i}.example.org`];
    fs.writeFileSync(path.join(dir, `${slug}.yaml`), tweak ? tweak(slug, hosts).join('') : journalManifestsYaml({ slug, hosts }));
    files.push(`${slug}.yaml`);
  }
  const kustomization = fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8').replace(/resources:\n(\s+- .*\n?)+/, `resources:\n${files.map((f) => `  - ${f}\n`).join('')}`);
  fs.writeFileSync(path.join(dir, 'kustomization.yaml'), kustomization);
  return path.join(k8s, 'overlays/prod');
}

describe(`${JOURNALS} journals with two hosts each`, () => {
  const overlay = overlayWith(JOURNALS);
  const objs = kustomizeBuild(overlay);

  test('render: a ListenerSet and a route per journal, a Certificate per host, one Gateway listener', () => {
    expect(ofKind(objs, 'ListenerSet')).toHaveLength(JOURNALS);
    expect(ofKind(objs, 'Certificate')).toHaveLength(2 * JOURNALS);
    expect(ofKind(objs, 'HTTPRoute').filter((r) => (r.spec as { hostnames?: string[] }).hostnames)).toHaveLength(JOURNALS);
    expect(ofKind(objs, 'Gateway')).toHaveLength(1);
    expect(new Set(objs.map(idOf)).size).toBe(objs.length);
  });

  test('every routing rule holds: each host on exactly one listener, with its certificate and route', () => {
    expect(routingProblems(objs)).toEqual([]);
  });

  test('every object is valid against its schema (Gateway API v1 ListenerSet, cert-manager Certificate)', () => {
    const edge = objs.filter((o) => ['ListenerSet', 'Certificate', 'HTTPRoute', 'Gateway'].includes(o.kind));
    expect(edge.length).toBeGreaterThan(2 * JOURNALS);
    expect(problemsOf(edge)).toEqual([]);
  });

  test.each(KUBERNETES_RELEASES)('the built-in objects are valid under kubeconform -strict on Kubernetes $kubernetes', ({ kubernetes }) => {
    const builtIn = objs.filter((o) => !isCustom(o));
    const r = kubeconform(builtIn, kubernetes);
    expect(problems(r)).toEqual([]);
    expect(r.summary.valid).toBe(builtIn.length);
  });

  test.each(KUSTOMIZE_VERSIONS.filter((v) => v !== KUSTOMIZE_VERSION).slice(0, 1))('kustomize %s (kubectl 1.32) renders the same', (version) => {
    const sorted = (xs: K8sObject[]) => xs.map((o) => JSON.stringify(o)).sort();
    expect(sorted(kustomizeBuild(overlay, version))).toEqual(sorted(objs));
  });
});

describe('bad input', () => {
  test.each([
    ['a host with a space', ['www.chem journal.org']],
    ['a host with an underscore', ['chem_journal.org']],
    ['a host with a port', ['chem-journal.org:443']],
    ['a wildcard', ['*.chem-journal.org']],
    ['a host without a domain', ['localhost']],
    ['an IP address', ['10.0.0.1']],
    ['a label longer than 63', [`${'a'.repeat(64)}.org`]],
  ])('%s is refused before any manifest is written', (_what, hosts) => {
    expect(() => journalManifests({ slug: 'chem', hosts })).toThrow(expect.objectContaining({ status: 400, code: 'invalid_host' }));
  });

  test('one host twice in a journal is refused, also when only its case differs', () => {
    for (const hosts of [['chem.org', 'chem.org'], ['chem.org', 'CHEM.org']]) {
      expect(() => edgeHosts(hosts)).toThrow(expect.objectContaining({ status: 400, code: 'duplicate_host' }));
    }
  });

  test('two hosts that would share a listener name are refused', () => {
    expect(() => edgeHosts(['a-b.example.org', 'a.b-example.org'])).toThrow(expect.objectContaining({ code: 'duplicate_host' }));
  });

  test("a host in two journals' files: the overlay does not render (the host's Certificate twice)", () => {
    const overlay = overlayWith(3, (slug, hosts) => [journalManifestsYaml({ slug, hosts: slug === slugOf(2) ? [hosts[0]!, 'journal-0.example.org'] : hosts })]);
    expect(() => kustomizeBuild(overlay)).toThrow(/already registered id: Certificate\.v1\.cert-manager\.io\/journal-0-example-org/);
  });

  test('a host in two routes, or on two listeners, is caught in what renders', () => {
    const overlay = overlayWith(2);
    const objs = kustomizeBuild(overlay);
    const route = objs.find((o) => o.kind === 'HTTPRoute' && o.metadata.name === `journal-${slugOf(1)}`)!;
    (route.spec as { hostnames: string[] }).hostnames.push('journal-0.example.org');
    const set = objs.find((o) => o.kind === 'ListenerSet' && o.metadata.name === `journal-${slugOf(1)}`)!;
    (set.spec as { listeners: { name: string; hostname: string }[] }).listeners.push({ ...(set.spec as { listeners: { name: string; hostname: string }[] }).listeners[0]!, name: 'dup', hostname: 'journal-0.example.org' });
    expect(routingProblems(objs)).toEqual(expect.arrayContaining([expect.stringMatching(/host journal-0\.example\.org is served twice/), expect.stringMatching(/host journal-0\.example\.org is routed twice/)]));
  });

  test('a listener whose certificate is missing is caught', () => {
    const overlay = overlayWith(2, (slug, hosts) => {
      const yaml = journalManifestsYaml({ slug, hosts });
      // Drop the Certificate of the first journal's www host.
      return [slug === slugOf(0) ? yaml.replace(/---\napiVersion: cert-manager\.io\/v1\nkind: Certificate\nmetadata:\n {2}name: www-journal-0-example-org\n[\s\S]*?(?=---)/, '') : yaml];
    });
    expect(routingProblems(kustomizeBuild(overlay))).toEqual([expect.stringMatching(/no Certificate writes its Secret www-journal-0-example-org-tls/)]);
  });
});
