import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Schema problems of objects (validate.mjs: the model packages are ES modules). */
export function problemsOf(objs: unknown[]): string[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'validate.mjs')], { input: JSON.stringify(objs), encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  return JSON.parse(out) as string[];
}
