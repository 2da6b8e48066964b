import { randomBytes } from 'node:crypto';
import { AppError, escapeControl, parse, passwordFromStdin, type CliCommand, type CliIo } from '@journal/server-kit';
import { slugProblem, staffRoleSchema } from '@journal/contracts';
import { OPERATOR, type AuthService, type StaffUser } from '../auth.service';

/** Finds a journal's id by its slug; journals belong to the content service. */
export interface JournalLookup {
  findBySlug(slug: string): Promise<{ id: string; slug: string } | null>;
}

export interface UserCliDeps {
  service: AuthService;
  journals: JournalLookup;
}

/** A stored name is printed escaped: whatever it holds cannot move the cursor or forge a line. */
const line = (u: StaffUser) =>
  `${escapeControl(u.name).padEnd(24)} ${u.role.padEnd(8)} ${u.status}${u.disabledByOperator && u.status === 'disabled' ? ' (by operator)' : ''}`;
const roleOf = (a: Record<string, unknown>) => parse(staffRoleSchema, a.role);
/** docs/operations.md#user-name-clashes: accounts stored with names that are now one name. */
const clashText = (clashes: string[][]) =>
  [
    'name clashes (one name in another case or width; each signs in only by its exact name until settled):',
    ...clashes.map((names) => `  ${names.map((n) => escapeControl(n)).join(', ')}`),
    'rename or disable all but one of each (`jp user rename`, `jp user disable`); see docs/operations.md#user-name-clashes',
  ].join('\n');
const lookAlikeText = (groups: string[][]) =>
  [
    'look-alike names (shown alike on screen: I, l and 1; O and 0; rn and m; vv and w):',
    ...groups.map((names) => `  ${names.map((n) => escapeControl(n)).join(', ')}`),
    'check that each is whom it seems; rename one if in doubt (`jp user rename`)',
  ].join('\n');

const journalId = (deps: UserCliDeps, slug: string) => journalIdBySlug(deps.journals, slug);

/** The id of the journal a command names by slug (refused: a malformed or unknown slug). */
export async function journalIdBySlug(journals: JournalLookup, slug: string): Promise<string> {
  const problem = slugProblem(slug);
  if (problem) throw new AppError(400, 'invalid_slug', problem);
  const j = await journals.findBySlug(slug);
  if (!j) throw new AppError(404, 'unknown_journal', `No journal with slug ${slug} (see \`jp journal list\`)`);
  return j.id;
}

/** The piped password, or a new random one that the command prints once. */
export async function newPassword(a: Record<string, unknown>, io: CliIo): Promise<{ password: string; generated: boolean }> {
  if (a['password-stdin']) return { password: await passwordFromStdin(io), generated: false };
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

/** `jp user ...`: thin wrappers over the auth service's staff administration. */
export function userCommands(deps: () => Promise<UserCliDeps>): CliCommand[] {
  const journal = { type: 'string', required: true, describe: 'the journal slug' } as const;
  const name = { type: 'string', required: true, describe: 'the user name' } as const;
  const stdin = { type: 'boolean', describe: 'read the password from stdin; without it a random one is made and printed once' } as const;
  const role = { type: 'string', required: true, describe: 'manager, editor or worklog' } as const;
  return [
    {
      words: ['user', 'create'],
      summary: 'create a staff account of a journal',
      options: { journal, name, role, 'password-stdin': stdin },
      async run(a, io) {
        const d = await deps();
        const r = roleOf(a);
        const jid = await journalId(d, String(a.journal));
        const pw = await newPassword(a, io);
        const user = await d.service.createUser(jid, { name: String(a.name), password: pw.password, role: r }, OPERATOR);
        const shown = pw.generated ? { password: pw.password } : {};
        return {
          data: { user, ...shown },
          text: `created: ${line(user)}${pw.generated ? `\npassword: ${pw.password}\n(shown once; give it to the user and have them change it)` : ''}`,
        };
      },
    },
    {
      words: ['user', 'list'],
      summary: "list a journal's staff accounts",
      options: { journal },
      async run(a) {
        const d = await deps();
        const jid = await journalId(d, String(a.journal));
        const [users, clashes, lookAlikes] = await Promise.all([d.service.listUsers(jid), d.service.nameClashes(jid), d.service.lookAlikeNames(jid)]);
        const text = [users.length ? users.map(line).join('\n') : 'no users', clashes.length ? clashText(clashes) : '', lookAlikes.length ? lookAlikeText(lookAlikes) : ''];
        return { data: { users, clashes, lookAlikes }, text: text.filter(Boolean).join('\n\n') };
      },
    },
    {
      words: ['user', 'role'],
      summary: "change a user's role and end the user's sessions",
      options: { journal, name, role },
      async run(a) {
        const d = await deps();
        const r = roleOf(a);
        const jid = await journalId(d, String(a.journal));
        const found = await d.service.findUser(jid, String(a.name));
        if (found.role === r) return { data: { changed: false, user: found }, text: `unchanged: ${line(found)} (already ${r})` };
        const user = await d.service.setUserRole(jid, found.id, r, OPERATOR);
        return { data: { changed: true, user }, text: `role changed: ${line(user)}` };
      },
    },
    ...(['disable', 'enable'] as const).map(
      (verb): CliCommand => ({
        words: ['user', verb],
        summary: verb === 'disable' ? "refuse the user's sign-ins and end every session at once" : 'let a disabled user sign in again',
        options: { journal, name },
        async run(a) {
          const d = await deps();
          const jid = await journalId(d, String(a.journal));
          const found = await d.service.findUser(jid, String(a.name));
          const status = verb === 'disable' ? 'disabled' : 'enabled';
          if (found.status === status) return { data: { changed: false, user: found }, text: `unchanged: ${line(found)} (already ${status})` };
          const user = await d.service.setUserStatus(jid, found.id, status, OPERATOR);
          return { data: { changed: true, user }, text: `${status}: ${line(user)}` };
        },
      }),
    ),
    {
      words: ['user', 'rename'],
      summary: "rename a user (settles a name clash) and end the user's sessions",
      options: { journal, name, to: { type: 'string', required: true, describe: 'the new user name' } },
      async run(a) {
        const d = await deps();
        const jid = await journalId(d, String(a.journal));
        const found = await d.service.findUser(jid, String(a.name));
        const user = await d.service.renameUser(jid, found.id, String(a.to), OPERATOR);
        return { data: { user }, text: `renamed ${escapeControl(found.name)}: ${line(user)}` };
      },
    },
    {
      words: ['user', 'reset-password'],
      summary: "set a new password and end the user's sessions",
      options: { journal, name, 'password-stdin': stdin },
      async run(a, io) {
        const d = await deps();
        const jid = await journalId(d, String(a.journal));
        const found = await d.service.findUser(jid, String(a.name));
        const pw = await newPassword(a, io);
        const user = await d.service.resetPassword(jid, found.id, pw.password, OPERATOR);
        return {
          data: { user, ...(pw.generated ? { password: pw.password } : {}) },
          text: `password reset: ${line(user)}${pw.generated ? `\npassword: ${pw.password}\n(shown once)` : ''}`,
        };
      },
    },
  ];
}
