import { runCli, type CliIo } from '@journal/server-kit';
import { slugProblem, suggestSlug } from '@journal/contracts';
import { JournalRepo } from '../src/journals/journal.repo';
import { JournalAdminService } from '../src/journals/journal-admin.service';
import { journalCommands } from '../src/cli/journal.commands';
import { startContent, stopContent } from './helpers';

/** `jp journal ...` as an operator types it, against the real database (docs/operations.md#journals). */
let app: Awaited<ReturnType<typeof startContent>>;
let service: JournalAdminService;
beforeAll(async () => {
  app = await startContent();
  const repo = new JournalRepo(app.conn);
  await repo.init();
  service = new JournalAdminService(repo);
});
afterAll(() => stopContent(app));

async function jp(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => '' };
  const code = await runCli(journalCommands(async () => service), argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('jp journal', () => {
  test.each([['journal', '--help'], ['journal', '-h'], ['help', 'journal'], ['journal', 'hosts', '--help']])('%s %s prints the journal commands and exits 0', async (...argv) => {
    const r = await jp(...argv);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toContain('jp journal hosts add --journal JOURNAL --host HOST');
    if (argv[1] !== 'hosts') expect(r.out).toContain('jp journal create --slug SLUG --name NAME --host HOST ...');
  });

  test("a whole command's --help explains its options and runs nothing", async () => {
    const r = await jp('journal', 'create', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--slug\s+lower-case letters, digits, dashes \(required\)/);
    expect(r.out).toMatch(/--host\s+a host name; repeat for more \(required\) \(repeatable\)/);
    expect(await service.list()).toEqual([]);
  });

  test('an unknown command is still a usage error', async () => {
    const r = await jp('journal', 'rename', '--help');
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown command "journal rename"');
  });

  test.each(['My Journal', ' chem ', '-chem-', 'Chem!', 'journal of chemistry & physics', 'Ünïcode Jöurnal', `${'a'.repeat(49)} b`, 'a--b!', '!!!', '---', 'जर्नल'])(
    'a refused slug %p is never answered with a suggestion that is itself refused',
    async (slug) => {
      const r = await jp('journal', 'create', `--slug=${slug}`, '--name', 'X', '--host', 'x.example.org');
      expect(r.code).toBe(1);
      const suggested = /e\.g\. "([^"]*)"/.exec(r.err)?.[1];
      if (suggested !== undefined) {
        expect(slugProblem(suggested)).toBeNull();
        expect((await jp('journal', 'create', '--slug', suggested, '--name', 'X', '--host', `${suggested}.example.org`)).code).toBe(0);
      }
      expect(suggestSlug(slug) === null || slugProblem(suggestSlug(slug)!) === null).toBe(true);
    },
  );

  test('the suggestion is the nearest valid slug', () => {
    expect(suggestSlug('My Journal')).toBe('my-journal');
    expect(suggestSlug('-chem-')).toBe('chem');
    expect(suggestSlug('Ünïcode Jöurnal')).toBe('unicode-journal');
    expect(suggestSlug('!!!')).toBeNull();
    expect(slugProblem('!!!')).not.toContain('e.g.');
  });
});
