import type { CliCommand } from '@journal/server-kit';
import type { Journal } from '../journals/journal.repo';
import { summary, type Changed, type JournalAdminService } from '../journals/journal-admin.service';

/** The first host is the primary one (URLs name it, the others redirect to it). */
const line = (j: Pick<Journal, 'slug' | 'websitename' | 'hosts' | 'status'>) =>
  `${j.slug.padEnd(16)} ${(j.status ?? 'enabled').padEnd(9)} ${j.websitename}  [${j.hosts.map((h, i) => (i === 0 && j.hosts.length > 1 ? `${h} (primary)` : h)).join(', ')}]`;

const changedText = (verb: string, c: Changed<Journal>) =>
  [`${c.changed ? verb : 'unchanged'}: ${line(c.journal)}`, ...c.notes.map((n) => `  note: ${n}`)].join('\n');

const changedData = (c: Changed<Journal>) => ({ changed: c.changed, notes: c.notes, journal: summary(c.journal) });

/** `jp journal ...`: thin wrappers over the content service's journal administration. */
export function journalCommands(service: () => Promise<JournalAdminService>): CliCommand[] {
  const journal = { type: 'string', required: true, describe: 'the journal slug' } as const;
  const host = { type: 'string', required: true, describe: 'a host name, e.g. journal.example.org' } as const;
  return [
    {
      words: ['journal', 'create'],
      summary: 'create a journal with default settings (idempotent)',
      options: {
        slug: { type: 'string', required: true, describe: 'lower-case letters, digits, dashes' },
        name: { type: 'string', required: true, describe: 'the journal name' },
        host: { type: 'string', multiple: true, required: true, describe: 'a host name; repeat for more' },
      },
      async run(a) {
        const c = await (await service()).create({ slug: String(a.slug), name: String(a.name), hosts: a.host as string[] });
        return { data: changedData(c), text: changedText('created', c) };
      },
    },
    {
      words: ['journal', 'list'],
      summary: 'list every journal',
      options: {},
      async run() {
        const list = await (await service()).list();
        return { data: { journals: list }, text: list.length ? list.map((j) => line({ ...j, websitename: j.name })).join('\n') : 'no journals' };
      },
    },
    {
      words: ['journal', 'show'],
      summary: "show a journal's hosts and settings",
      options: { journal },
      async run(a) {
        const j = await (await service()).get(String(a.journal));
        const text = Object.entries(j)
          .map(([k, v]) => `${k.padEnd(22)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
          .join('\n');
        return { data: { journal: j }, text };
      },
    },
    ...(['add', 'remove'] as const).map(
      (verb): CliCommand => ({
        words: ['journal', 'hosts', verb],
        summary: verb === 'add' ? 'let the journal answer on one more host (idempotent)' : 'stop answering on a host (idempotent)',
        options: { journal, host },
        async run(a) {
          const s = await service();
          const c = await (verb === 'add' ? s.addHost : s.removeHost).call(s, String(a.journal), String(a.host));
          return { data: changedData(c), text: changedText(verb === 'add' ? 'host added' : 'host removed', c) };
        },
      }),
    ),
    {
      words: ['journal', 'hosts', 'primary'],
      summary: "make one of the journal's hosts the one its URLs name; the others redirect to it (idempotent)",
      options: { journal, host },
      async run(a) {
        const c = await (await service()).setPrimaryHost(String(a.journal), String(a.host));
        return { data: changedData(c), text: changedText('primary host set', c) };
      },
    },
    ...(['disable', 'enable'] as const).map(
      (verb): CliCommand => ({
        words: ['journal', verb],
        summary: verb === 'disable' ? 'stop serving the journal on all its hosts, keeping its data' : 'serve a disabled journal again',
        options: { journal },
        async run(a) {
          const c = await (await service()).setStatus(String(a.journal), verb === 'disable' ? 'disabled' : 'enabled');
          return { data: changedData(c), text: changedText(`${verb}d`, c) };
        },
      }),
    ),
  ];
}
