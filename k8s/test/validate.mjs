// Validates Kubernetes objects against the schemas of kubernetes-models and of the custom
// resources in use, offline. The model packages are ES modules, so the jest suites (CommonJS)
// run this in a child process: JSON array of objects on stdin, JSON array of problems on stdout.
const GROUP_PACKAGES = {
  'keda.sh': '@kubernetes-models/keda',
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'cert-manager.io': '@kubernetes-models/cert-manager',
};

async function modelFor(apiVersion, kind) {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const pkg = GROUP_PACKAGES[group] ?? 'kubernetes-models';
  try {
    return (await import(`${pkg}/${apiVersion}`))[kind];
  } catch {
    return undefined;
  }
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const problems = [];
for (const o of JSON.parse(input)) {
  const id = `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
  const Model = await modelFor(o.apiVersion, o.kind);
  if (!Model) {
    problems.push(`${id}: no schema for ${o.apiVersion} ${o.kind}`);
    continue;
  }
  // kustomize folds long base64 values over lines; the API server's decoder (Go's base64) skips
  // line breaks, the JSON schema's "byte" format does not.
  if (o.kind === 'Secret' && o.data) {
    for (const k of Object.keys(o.data)) o.data[k] = String(o.data[k]).replace(/[\r\n]/g, '');
  }
  try {
    new Model(o).validate();
  } catch (err) {
    problems.push(`${id}: ${err.message}`);
  }
}
process.stdout.write(JSON.stringify(problems));
