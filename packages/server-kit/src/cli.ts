import { parseArgs } from 'node:util';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import { AppError } from './errors';
import { connectMongo, TOOL_SOCKET_TIMEOUT_MS } from './db';
import { createRedis, type Redis } from './redis';

/**
 * The operator CLI's frame: commands are looked up by their words (`journal hosts add`), options
 * are parsed strictly, and every outcome maps to one exit code: 0 done, 1 refused (the message on
 * stderr), 2 usage error. Each service contributes the commands over its own domain code.
 */
// Kept rather than commander/citty: node:util parseArgs parses the options; a framework would need its exits, help and error texts overridden to keep the exit codes, JSON refusals and control-character escaping operators' scripts rely on.

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

export class CliUsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export type CliOptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; required?: boolean; describe: string }>;

export interface CliResult {
  /** What --json prints. */
  data: unknown;
  /** What a person reads. */
  text: string;
}

export interface CliCommand {
  words: string[];
  summary: string;
  options: CliOptionSpec;
  run(args: Record<string, string | string[] | boolean | undefined>, io: CliIo): Promise<CliResult>;
}

const usageOf = (c: CliCommand) =>
  `jp ${c.words.join(' ')} ${Object.entries(c.options)
    .map(([k, o]) => {
      const flag = o.type === 'boolean' ? `--${k}` : `--${k} ${k.toUpperCase().replace(/-/g, '_')}`;
      return o.required ? `${flag}${o.multiple ? ' ...' : ''}` : `[${flag}]`;
    })
    .join(' ')} [--json]`.replace(/\s+/g, ' ');

export function cliHelp(commands: CliCommand[]): string {
  return ['Usage:', ...commands.map((c) => `  ${usageOf(c).padEnd(78)} ${c.summary}`)].join('\n');
}

/** One command's usage with what each option means. */
export function commandHelp(c: CliCommand): string {
  const opts = Object.entries(c.options).map(([k, o]) => `  --${k.padEnd(14)} ${o.describe}${o.required ? ' (required)' : ''}${o.multiple ? ' (repeatable)' : ''}`);
  return [`Usage: ${usageOf(c)}`, '', c.summary, '', 'Options:', ...opts, `  --${'json'.padEnd(14)} print the result as JSON`].join('\n');
}

const HELP_FLAGS = new Set(['--help', '-h']);

/**
 * Help for what was typed before --help: a whole command's usage and options, or every command
 * starting with those words (`jp journal --help`), or all of them. Null when no command matches.
 */
function helpFor(commands: CliCommand[], argv: string[]): string | null {
  const words = argv.filter((a) => !a.startsWith('-') && a !== 'help');
  const exact = commands.find((c) => c.words.length === words.length && c.words.every((w, i) => w === words[i]));
  if (exact) return commandHelp(exact);
  const under = commands.filter((c) => words.every((w, i) => c.words[i] === w));
  return under.length ? cliHelp(under) : null;
}

function pick(commands: CliCommand[], argv: string[]): { command: CliCommand; rest: string[] } | undefined {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-')) break;
    words.push(a);
  }
  const matches = commands.filter((c) => c.words.length <= words.length && c.words.every((w, i) => w === words[i]));
  const command = matches.sort((a, b) => b.words.length - a.words.length)[0];
  if (!command || command.words.length !== words.length) return undefined;
  return { command, rest: argv.slice(command.words.length) };
}

/**
 * Control characters (C0 but line feeds, DEL, C1) as `\u` escapes: stored text and arguments
 * printed to a terminal cannot carry escape sequences, carriage returns or backspaces.
 * Line feeds are escaped too unless `keepLineFeeds` (a whole output, whose lines are the command's own).
 */
export function escapeControl(text: string, opts: { keepLineFeeds?: boolean } = {}): string {
  // Matching control characters is the point here.
  // eslint-disable-next-line no-control-regex
  const re = opts.keepLineFeeds ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g : /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  return text.replace(re, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Runs one command line; never throws, returns the exit code. */
export async function runCli(commands: CliCommand[], argv: string[], rawIo: CliIo, hint?: (argv: string[]) => string | undefined): Promise<number> {
  const json = argv.includes('--json');
  // Everything printed goes through here: JSON.stringify escapes C0 already, not DEL, C1 or bidi marks.
  const io: CliIo = { ...rawIo, out: (t) => rawIo.out(escapeControl(t, { keepLineFeeds: true })), err: (t) => rawIo.err(escapeControl(t, { keepLineFeeds: true })) };
  const refuse = (code: string, message: string, exit: number) => {
    io.err(json ? JSON.stringify({ ok: false, error: code, message }) : `jp: ${message}`);
    return exit;
  };
  if (argv.length === 0) {
    io.out(cliHelp(commands));
    return EXIT_USAGE;
  }
  if (argv[0] === 'help' || argv.some((a) => HELP_FLAGS.has(a))) {
    const help = helpFor(commands, argv);
    if (help) {
      io.out(help);
      return EXIT_OK;
    }
  }
  const found = pick(commands, argv);
  if (!found) {
    const elsewhere = hint?.(argv);
    return refuse('usage', `${elsewhere ?? `unknown command "${argv.filter((a) => !a.startsWith('-')).join(' ')}"`}\n${cliHelp(commands)}`, EXIT_USAGE);
  }
  const { command, rest } = found;
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    const options = Object.fromEntries(
      Object.entries(command.options).map(([k, o]) => [k, { type: o.type, ...(o.multiple ? { multiple: true } : {}) }]),
    );
    const parsed = parseArgs({ args: rest, options: { ...options, json: { type: 'boolean' } }, strict: true, allowPositionals: false });
    values = parsed.values as typeof values;
    for (const [k, o] of Object.entries(command.options)) {
      if (o.required && (values[k] === undefined || values[k] === '')) throw new CliUsageError(`--${k} is required`);
    }
  } catch (err) {
    return refuse('usage', `${(err as Error).message}\nUsage: ${usageOf(command)}`, EXIT_USAGE);
  }
  try {
    const result = await command.run(values, io);
    io.out(json ? JSON.stringify({ ok: true, ...(result.data as object) }) : result.text);
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CliUsageError) return refuse('usage', `${err.message}\nUsage: ${usageOf(command)}`, EXIT_USAGE);
    if (err instanceof AppError) return refuse(err.code, err.message, EXIT_REFUSED);
    return refuse('failed', `could not complete: ${(err as Error).message}`, EXIT_REFUSED);
  }
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  readStdin: async () => {
    if (process.stdin.isTTY) throw new CliUsageError('--password-stdin reads the password from a pipe, e.g. `printf %s "$PW" | jp ...`');
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** A password piped in: the first line, without its line ending. */
export async function passwordFromStdin(io: CliIo): Promise<string> {
  const text = await io.readStdin();
  const first = text.split(/\r?\n/)[0] ?? '';
  if (!first) throw new AppError(400, 'empty_password', 'No password was given on stdin');
  return first;
}

/** What every `jp` command reads from the environment: the same variables the services use. */
export const cliConfigSchema = z.object({
  MONGO_URL: z.string().min(1, 'MONGO_URL is required (mongodb://...)'),
  MONGO_DB: z.string().min(1).default('journal'),
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://...)'),
  REDIS_PREFIX: z.string().default('jp:'),
});
export type CliConfig = z.infer<typeof cliConfigSchema>;

/**
 * Opens what the commands need only when one runs (help and usage errors touch nothing) and
 * closes it all afterwards, so the process ends.
 */
export class CliResources {
  private closers: (() => Promise<void> | void)[] = [];
  private config?: CliConfig;
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  get cfg(): CliConfig {
    if (!this.config) {
      const parsed = cliConfigSchema.safeParse(this.env);
      if (!parsed.success) throw new AppError(400, 'config', parsed.error.issues.map((i) => i.message).join('; '));
      this.config = parsed.data;
    }
    return this.config;
  }

  async mongo(): Promise<Connection> {
    // An operator at a prompt hears about an unreachable database in seconds, not after a service's start-up wait.
    const conn = await connectMongo(this.cfg.MONGO_URL, this.cfg.MONGO_DB, { waitMs: 3000, socketTimeoutMs: TOOL_SOCKET_TIMEOUT_MS });
    this.closers.push(() => conn.close());
    return conn;
  }

  redis(): Redis {
    const r = createRedis(this.cfg.REDIS_URL, { enableOfflineQueue: true });
    this.closers.push(() => r.disconnect());
    return r;
  }

  /** Memoises one opener so several commands' lookups share one set of connections. */
  once<T>(open: () => Promise<T>): () => Promise<T> {
    let p: Promise<T> | undefined;
    return () => (p ??= open());
  }

  async close(): Promise<void> {
    for (const c of this.closers.reverse()) await Promise.resolve(c()).catch(() => undefined);
    this.closers = [];
  }
}

/** The body of a `jp` executable: run, close, exit with the command's code. */
export async function cliMain(
  build: (res: CliResources) => CliCommand[],
  hint?: (argv: string[]) => string | undefined,
  argv = process.argv.slice(2),
): Promise<never> {
  const res = new CliResources();
  const code = await runCli(build(res), argv, processIo, hint);
  await res.close();
  process.exit(code);
}
