/**
 * Every shell command of docs/operations.md is one an SRE can paste: each ```sh block parses
 * (`bash -n`), and each kubectl command names what exists in what the overlay of its namespace
 * renders (journal: prod, journal-dev: dev): kind/name references, `-k`/`-f` paths, label
 * selectors, StatefulSet pods, and the `jp` commands of the image it execs into. A delete names
 * only objects the manifests no longer have (a migration), one kind/name each; a `set env` of
 * a debug setting is followed by the command that removes it (an apply never does).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CliResources } from '@journal/server-kit';
import { authCliCommands } from '../../services/auth/src/cli/user-cli';
import { contentCliCommands } from '../../services/content/src/cli/journal-cli';
import { ROOT, objectsOf, podLabelsOf, workloads, type K8sObject } from './targets';

const doc = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
/** `<node>`, `<name>`: placeholders the SRE fills in. */
const unplaceholder = (s: string) => s.replace(/<([a-z][a-z0-9-]*)>/g, 'PLACEHOLDER_$1');

/** The ```sh blocks, and each command in them (continuation lines joined, comments dropped). */
function blocks(): string[] {
  return [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}
function commandsOf(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
/** kubectl commands: from the blocks, and the inline `kubectl -n ...` of the prose. */
function kubectlCommands(): string[] {
  const fromBlocks = blocks().flatMap(commandsOf);
  const inline = [...doc.matchAll(/`(kubectl -n [^`]+)`/g)].map((m) => m[1]!);
  return [...fromBlocks, ...inline]
    .flatMap((c) => c.split(/\s*(?:\||&&|;|\bdo\b|\bdone\b)\s*/))
    .map((c) => c.replace(/\s+#.*$/, '').trim())
    .filter((c) => c.startsWith('kubectl '));
}

/** Shell words, quotes removed (enough for these commands: no nesting beyond $(...) skipped). */
function words(cmd: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of cmd.replace(/\$\([^)]*\)/g, 'SUBST').matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

const KINDS: Record<string, string> = {
  deployment: 'Deployment', deploy: 'Deployment', deployments: 'Deployment', statefulset: 'StatefulSet', sts: 'StatefulSet',
  cronjob: 'CronJob', scaledobject: 'ScaledObject', hpa: 'HorizontalPodAutoscaler', ingress: 'Ingress', certificate: 'Certificate',
  gateway: 'Gateway', listenerset: 'ListenerSet', httproute: 'HTTPRoute', configmap: 'ConfigMap', service: 'Service', svc: 'Service',
  pdb: 'PodDisruptionBudget', secret: 'Secret', job: 'Job', pod: 'Pod', events: 'Event', ns: 'Namespace', namespace: 'Namespace',
};
/** HPAs that controllers create from rendered objects (KEDA's). */
const derived = (objs: K8sObject[]) =>
  objs.filter((o) => o.kind === 'ScaledObject').map((o) => `HorizontalPodAutoscaler/${(((o.spec as { advanced?: { horizontalPodAutoscalerConfig?: { name?: string } } }).advanced?.horizontalPodAutoscalerConfig?.name) ?? `keda-hpa-${o.metadata.name}`)}`);

const overlayOf = (ns: string | undefined) => (ns === 'journal-dev' ? 'overlays/dev' : ns === 'journal' ? 'overlays/prod' : undefined);
const labelsOf = (o: K8sObject) => ({ ...(o.metadata.labels ?? {}), ...(['Deployment', 'StatefulSet'].includes(o.kind) ? podLabelsOf(o) : {}) });

/** What a kubectl command refers to that does not exist (or, for a delete, still exists). */
function problemsOf(cmd: string): string[] {
  const w = words(unplaceholder(cmd));
  const ns = w[w.indexOf('-n') + 1];
  const target = overlayOf(w.includes('-n') ? ns : undefined);
  const problems: string[] = [];
  const verbAt = w.findIndex((x, i) => i > 0 && !x.startsWith('-') && w[i - 1] !== '-n');
  const verb = w[verbAt];
  for (const [i, x] of w.entries()) {
    // -f is a file for the verbs that read manifests (for logs it means follow).
    if ((x === '-k' || (x === '-f' && ['apply', 'create', 'delete', 'diff', 'replace'].includes(verb!))) && w[i + 1] && w[i + 1] !== '-' && !fs.existsSync(path.join(ROOT, w[i + 1]!))) problems.push(`${x} ${w[i + 1]}: no such path`);
  }
  if (!target) return problems;
  const objs = objectsOf(target as 'overlays/prod');
  const ids = new Set([...objs.map((o) => `${o.kind}/${o.metadata.name}`), ...derived(objs)]);
  // The Secrets the SRE creates (the runbook's `create secret generic <name>`) are never rendered.
  for (const m of doc.matchAll(/create secret generic ([a-z0-9-]+)/g)) ids.add(`Secret/${m[1]}`);
  const exists = (kind: string, name: string) => ids.has(`${kind}/${name}`);
  const args = w.slice(verbAt + 1);
  const dashDash = args.indexOf('--');
  const own = dashDash >= 0 ? args.slice(0, dashDash) : args;
  for (const [i, a] of own.entries()) {
    if (own[i - 1]?.startsWith('-') && !own[i - 1]!.includes('=') && !['--ignore-not-found', '--overwrite', '--all', '--list', '--prefix', '--rm', '-i', '-f', '--watch'].includes(own[i - 1]!)) continue;
    if (a.startsWith('-')) {
      const sel = a.startsWith('--from=') ? a.slice(7) : undefined;
      if (sel?.includes('/')) {
        const [k, n] = sel.split('/');
        if (KINDS[k!] && !exists(KINDS[k!]!, n!)) problems.push(`${a}: no ${KINDS[k!]} ${n} in ${target}`);
      }
      continue;
    }
    const slash = /^([a-z]+)\/([a-z0-9.-]+)$/.exec(a);
    if (slash && KINDS[slash[1]!]) {
      const kind = KINDS[slash[1]!]!;
      if (kind === 'Job' || kind === 'Pod') continue;
      if (verb === 'delete' ? exists(kind, slash[2]!) : !exists(kind, slash[2]!)) problems.push(`${a}: ${verb === 'delete' ? 'still rendered, a delete would remove it' : `not in ${target}`}`);
    }
  }
  // `get|describe|annotate|delete <kind> <name>...`
  const kindWord = own[0];
  if (kindWord && !kindWord.includes('/') && !kindWord.startsWith('-') && ['get', 'describe', 'annotate', 'delete', 'scale'].includes(verb!)) {
    const kinds = kindWord.split(',');
    for (const k of kinds) if (!KINDS[k]) problems.push(`${verb} ${k}: not a kind this runbook knows`);
    const names = own.slice(1).filter((x, i) => !x.startsWith('-') && !own[i]!.match(/^-(l|o|n)$/) && !x.includes('=') && !x.includes('/') && !x.startsWith('PLACEHOLDER'));
    if (verb === 'delete' && names.some((n) => KINDS[n])) problems.push(`delete ${kindWord} ${names.join(' ')}: a kind among the names (write kind/name for each)`);
    if (kinds.length === 1 && KINDS[kinds[0]!] && !['Event', 'Certificate'].includes(KINDS[kinds[0]!]!)) {
      for (const n of verb === 'annotate' ? names.slice(0, 1) : names) {
        if (verb === 'delete' ? exists(KINDS[kinds[0]!]!, n) : !exists(KINDS[kinds[0]!]!, n)) problems.push(`${kindWord} ${n}: ${verb === 'delete' ? 'still rendered' : `not in ${target}`}`);
      }
    }
  }
  // Label selectors name labels some rendered object carries.
  for (const [i, a] of own.entries()) {
    if (a !== '-l' || !own[i + 1] || own[i + 1]!.includes('$') || own[i + 1]!.startsWith('!')) continue;
    const [k, v] = own[i + 1]!.split('=');
    if (v !== undefined && !objs.some((o) => labelsOf(o)[k!] === v) && !(k === 'journal.io/journal')) problems.push(`-l ${own[i + 1]}: selects nothing in ${target}`);
  }
  // exec into a StatefulSet's pod, or a Deployment, and the jp command there.
  if (verb === 'exec') {
    const at = own.find((x) => !x.startsWith('-'))!;
    const pod = /^([a-z0-9-]+)-\d+$/.exec(at);
    if (pod && !exists('StatefulSet', pod[1]!)) problems.push(`exec ${at}: no StatefulSet ${pod[1]}`);
    const jp = dashDash >= 0 && args[dashDash + 1] === 'jp' ? args.slice(dashDash + 2) : undefined;
    if (jp) {
      const image = /deploy\/(content|auth)$/.exec(at)?.[1];
      const known = image ? JP[image] : [];
      const said = jp.filter((x) => !x.startsWith('-')).slice(0, 3).join(' ');
      if (!known.some((k) => said === k || said.startsWith(`${k} `))) problems.push(`jp ${said}: no such command in the ${image ?? '?'} image`);
    }
  }
  return problems;
}

const resources = new CliResources({});
const JP: Record<string, string[]> = {
  content: contentCliCommands(resources).map((c) => c.words.join(' ')),
  auth: authCliCommands(resources).map((c) => c.words.join(' ')),
};

test('every shell block parses', () => {
  const all = blocks();
  expect(all.length).toBeGreaterThan(10);
  for (const b of all) {
    let err = '';
    try {
      execFileSync('bash', ['-n'], { input: unplaceholder(b), stdio: 'pipe' });
    } catch (e) {
      err = String((e as { stderr: Buffer }).stderr);
    }
    expect([b, err]).toEqual([b, '']);
  }
});

test('every kubectl command names what the overlay of its namespace renders', () => {
  const cmds = kubectlCommands();
  expect(cmds.length).toBeGreaterThan(40);
  expect(JP.content).toEqual(expect.arrayContaining(['journal create', 'journal k8s', 'db backup', 'db restore']));
  const problems = cmds.flatMap((c) => problemsOf(c).map((p) => `${c}\n  -> ${p}`));
  expect(problems).toEqual([]);
});

test('the checker catches the mistakes it is for', () => {
  expect(problemsOf('kubectl -n journal delete hpa pdf-worker ingress journals --ignore-not-found').join()).toMatch(/a kind among the names/);
  expect(problemsOf('kubectl -n journal rollout restart deployment/contnet').join()).toMatch(/not in overlays\/prod/);
  expect(problemsOf('kubectl -n journal delete deployment/content').join()).toMatch(/still rendered/);
  expect(problemsOf('kubectl -n journal exec deploy/content -- jp journal frobnicate').join()).toMatch(/no such command/);
  expect(problemsOf('kubectl -n journal exec deploy/content -- jp user list').join()).toMatch(/no such command in the content image/);
  expect(problemsOf('kubectl -n journal-dev exec mongo-0 -- mongodump').join()).toMatch(/no StatefulSet mongo/);
  expect(problemsOf('kubectl -n journal logs -l app.kubernetes.io/name=nope').join()).toMatch(/selects nothing/);
  expect(problemsOf('kubectl apply -k k8s/overlays/staging').join()).toMatch(/no such path/);
  expect(problemsOf('kubectl -n journal get cronjob db-backup')).toEqual([]);
});

test('a debug setting set with kubectl set env is removed again by a command of the runbook', () => {
  const cmds = kubectlCommands().filter((c) => / set env /.test(c));
  const set = cmds.flatMap((c) => words(c).filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=')[0]!));
  const unset = cmds.flatMap((c) => words(c).filter((w) => /^[A-Z_]+-$/.test(w)).map((w) => w.slice(0, -1)));
  expect(set.length).toBeGreaterThan(0);
  for (const v of set) expect([v, unset.includes(v)]).toEqual([v, true]);
});

test('after a restore every process that reads the database restarts, not only content', () => {
  const section = doc.slice(doc.indexOf('## Backups and restore'), doc.indexOf('\n## ', doc.indexOf('## Backups and restore') + 5));
  const restarts = commandsOf(section).filter((c) => /rollout restart/.test(c));
  expect(restarts.length).toBeGreaterThan(0);
  for (const r of restarts) {
    const objs = objectsOf('overlays/prod');
    const selected = /-l (\S+)=(\S+)/.exec(r);
    const names = selected
      ? workloads(objs).filter((o) => o.kind === 'Deployment' && labelsOf(o)[selected[1]!] === selected[2]).map((o) => o.metadata.name)
      : [...r.matchAll(/deployment\/([a-z-]+)/g)].map((m) => m[1]!);
    expect(names).toEqual(expect.arrayContaining(['content', 'auth', 'worklog', 'pdf-api', 'pdf-worker', 'gateway', 'render']));
  }
});
