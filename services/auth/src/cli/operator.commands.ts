import { escapeControl, type CliCommand } from '@journal/server-kit';
import { PLATFORM_ROLE, PLATFORM_TENANT_ID } from '@journal/contracts';
import { OPERATOR, type StaffUser } from '../auth.service';
import { newPassword, type UserCliDeps } from './user.commands';

const line = (u: StaffUser) => `${escapeControl(u.name).padEnd(24)} ${PLATFORM_ROLE.padEnd(8)} ${u.status}`;

/**
 * `jp operator ...`: the platform's operators (docs/operations.md#platform-operators), who sign in
 * on COUNTER_PLATFORM_HOST to the platform's usage reports and SUSHI customers. Accounts of no
 * journal, made here alone: no screen creates one.
 */
export function operatorCommands(deps: () => Promise<UserCliDeps>): CliCommand[] {
  const name = { type: 'string', required: true, describe: 'the operator name' } as const;
  const stdin = { type: 'boolean', describe: 'read the password from stdin; without it a random one is made and printed once' } as const;
  const find = async (d: UserCliDeps, n: unknown) => d.service.findUser(PLATFORM_TENANT_ID, String(n));
  return [
    {
      words: ['operator', 'create'],
      summary: 'create a platform operator account',
      options: { name, 'password-stdin': stdin },
      async run(a, io) {
        const d = await deps();
        const pw = await newPassword(a, io);
        const user = await d.service.createUser(PLATFORM_TENANT_ID, { name: String(a.name), password: pw.password, role: 'manager' }, OPERATOR);
        return {
          data: { user: { ...user, role: PLATFORM_ROLE }, ...(pw.generated ? { password: pw.password } : {}) },
          text: `created: ${line(user)}${pw.generated ? `\npassword: ${pw.password}\n(shown once)` : ''}`,
        };
      },
    },
    {
      words: ['operator', 'list'],
      summary: 'list the platform operators',
      options: {},
      async run() {
        const users = await (await deps()).service.listUsers(PLATFORM_TENANT_ID);
        return { data: { users: users.map((u) => ({ ...u, role: PLATFORM_ROLE })) }, text: users.length ? users.map(line).join('\n') : 'no operators' };
      },
    },
    ...(['disable', 'enable'] as const).map(
      (verb): CliCommand => ({
        words: ['operator', verb],
        summary: verb === 'disable' ? "refuse the operator's sign-ins and end every session at once" : 'let a disabled operator sign in again',
        options: { name },
        async run(a) {
          const d = await deps();
          const found = await find(d, a.name);
          const status = verb === 'disable' ? 'disabled' : 'enabled';
          if (found.status === status) return { data: { changed: false }, text: `unchanged: ${line(found)} (already ${status})` };
          const user = await d.service.setUserStatus(PLATFORM_TENANT_ID, found.id, status, OPERATOR);
          return { data: { changed: true }, text: `${status}: ${line(user)}` };
        },
      }),
    ),
    {
      words: ['operator', 'reset-password'],
      summary: "set a new password and end the operator's sessions",
      options: { name, 'password-stdin': stdin },
      async run(a, io) {
        const d = await deps();
        const found = await find(d, a.name);
        const pw = await newPassword(a, io);
        const user = await d.service.resetPassword(PLATFORM_TENANT_ID, found.id, pw.password, OPERATOR);
        return { data: pw.generated ? { password: pw.password } : {}, text: `password reset: ${line(user)}${pw.generated ? `\npassword: ${pw.password}\n(shown once)` : ''}` };
      },
    },
  ];
}
