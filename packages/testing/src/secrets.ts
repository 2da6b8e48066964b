import fs from 'node:fs';
import path from 'node:path';

export interface RepositorySecret {
  file: string;
  key: string;
  value: string;
}

const LINE = /([A-Za-z0-9_]*(?:SECRET|PASSWORD|secret|password)[A-Za-z0-9_]*)["']?\s*[:=]\s*["']?([^\s"'`,;#]+)/g;
const TEXT = /\.(ya?ml|env|md|txt|json|example|conf|template|sh|ts)$|example/;

/**
 * Every value the repository writes next to a secret-looking name in k8s/, docs/, docker/, the
 * README and any `*example*` file: what production must never accept, found afresh at test time
 * so a value added to an overlay later is covered too.
 */
export function repositorySecrets(root: string): RepositorySecret[] {
  const out: RepositorySecret[] = [];
  const scan = (file: string) => {
    if (!fs.existsSync(file)) return;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(LINE)) {
      const value = m[2]!;
      // References, not values: ${VAR}, $(command), <placeholder>, YAML structure, booleans.
      if (/^[$<{[(|>]/.test(value) || /^(secretKeyRef|true|false|null)$/.test(value) || value.length < 6) continue;
      out.push({ file: path.relative(root, file), key: m[1]!, value });
    }
  };
  const walk = (dir: string, pick: (f: string) => boolean) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, pick);
      else if (pick(p)) scan(p);
    }
  };
  for (const d of ['k8s', 'docs', 'docker']) walk(path.join(root, d), (f) => TEXT.test(f));
  walk(root, (f) => /example/i.test(path.basename(f)));
  scan(path.join(root, 'README.md'));
  return out;
}
