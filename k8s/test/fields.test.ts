/**
 * The JSON schemas accept fields they do not know (Kubernetes' OpenAPI leaves additional
 * properties open), so a misspelt `readinesProbe` or a field at the wrong level would pass them
 * and be silently dropped by the API server. Here every rendered object is type-checked as an
 * object literal against the kubernetes-models TypeScript interfaces, whose excess-property check
 * names any field the API does not have.
 */
import path from 'node:path';
import ts from 'typescript';
import { ROOT, TARGETS, idOf, objectsOf, releasedProd, type K8sObject } from './targets';

/** The module and interface that describe an apiVersion/kind. */
function typeFor(o: K8sObject): { module: string; name: string } {
  const packages: Record<string, string> = {
    'keda.sh': '@kubernetes-models/keda',
    'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
    'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
    'cert-manager.io': '@kubernetes-models/cert-manager',
  };
  const group = o.apiVersion.includes('/') ? o.apiVersion.split('/')[0] : '';
  return { module: `${packages[group] ?? 'kubernetes-models'}/${o.apiVersion}/${o.kind}`, name: `I${o.kind}` };
}

function check(objs: K8sObject[]): string[] {
  const imports = new Map<string, string>();
  const decls: string[] = [];
  objs.forEach((o, i) => {
    const t = typeFor(o);
    const alias = `T${imports.size}`;
    if (![...imports.values()].includes(t.module)) imports.set(alias, t.module);
    const used = [...imports.entries()].find(([, m]) => m === t.module)![0];
    decls.push(`// ${idOf(o)}\nexport const o${i}: ${used}.${t.name} = ${JSON.stringify(o, null, 1)};`);
  });
  const source = [...[...imports.entries()].map(([a, m]) => `import type * as ${a} from '${m}';`), ...decls].join('\n');
  const file = path.join(ROOT, 'k8s/test/__rendered__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => (path.resolve(f) === file ? source : read(f));
  host.fileExists = (f) => path.resolve(f) === file || exists(f);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, onError) =>
    path.resolve(f) === file ? ts.createSourceFile(f, source, lang) : getSource(f, lang, onError);
  const program = ts.createProgram([file], options, host);
  const lines = source.split('\n');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const msg = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').slice(-1)[0];
    if (!d.file || path.resolve(d.file.fileName) !== file || d.start === undefined) return msg;
    const line = d.file.getLineAndCharacterOfPosition(d.start).line;
    const owner = lines.slice(0, line + 1).reverse().find((l) => l.startsWith('// ')) ?? '';
    return `${owner.slice(3)}: ${msg}`;
  });
}

describe.each(TARGETS)('%s', (target) => {
  test('no object has a field the Kubernetes API does not know', () => {
    expect(check(objectsOf(target))).toEqual([]);
  });
});

test('released prod: no object has a field the Kubernetes API does not know', () => {
  expect(check(releasedProd().objs)).toEqual([]);
});

test('a misspelt field is caught', () => {
  const d = structuredClone(objectsOf('overlays/dev').find((o) => o.kind === 'Deployment')!);
  const c = (d.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers[0];
  c.readinesProbe = c.readinessProbe;
  const problems = check([d]);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/readinesProbe/);
});
