/** docs/operations.md#email: the mail worker's start-up check of SMTP_HOST against SMTP_RELAY_CIDR (the range its egress policy opens). */
import { smtpRelayProblem } from '../src/mail/smtp-relay-check';
import { mailWorkerConfigSchema } from '../src/mail/mail.config';

const resolver = (table: Record<string, string[]>) => async (h: string) => {
  const found = table[h];
  if (!found) throw new Error(`getaddrinfo ENOTFOUND ${h}`);
  return found;
};

test('a host inside the range, or no range set: no problem', async () => {
  const dns = resolver({ 'relay.internal': ['10.20.2.5'], 'v6.internal': ['2001:db8::25'] });
  expect(await smtpRelayProblem('relay.internal', '10.20.2.0/28', dns)).toBe('');
  expect(await smtpRelayProblem('10.20.2.7', '10.20.2.0/28', async (h) => [h])).toBe('');
  expect(await smtpRelayProblem('v6.internal', '2001:db8::/64', dns)).toBe('');
  expect(await smtpRelayProblem('anything', '', dns)).toBe('');
});

test('a host outside the range, or one that does not resolve, is named with what to fix', async () => {
  const dns = resolver({ 'smtp.sendgrid.net': ['167.89.115.54'] });
  expect(await smtpRelayProblem('smtp.sendgrid.net', '10.20.2.0/28', dns)).toBe(
    "SMTP_HOST smtp.sendgrid.net (167.89.115.54) is outside SMTP_RELAY_CIDR 10.20.2.0/28: the mail worker's egress policy will block every send; set both to the relay's",
  );
  expect(await smtpRelayProblem('nowhere.invalid', '10.20.2.0/28', dns)).toMatch(/^SMTP_HOST nowhere\.invalid does not resolve/);
});

test('SMTP_RELAY_CIDR must be an address or a CIDR block', () => {
  const base = { MONGO_URL: 'mongodb://127.0.0.1:27017', REDIS_URL: 'redis://127.0.0.1:6379', SMTP_HOST: 'relay.internal' };
  expect(mailWorkerConfigSchema.parse({ ...base, SMTP_RELAY_CIDR: '10.20.2.0/28' }).SMTP_RELAY_CIDR).toBe('10.20.2.0/28');
  expect(mailWorkerConfigSchema.parse(base).SMTP_RELAY_CIDR).toBe('');
  for (const bad of ['10.20.2.0/33', 'relay.internal', '10.20.2.0/28,10.0.0.0/8']) expect(mailWorkerConfigSchema.safeParse({ ...base, SMTP_RELAY_CIDR: bad }).success).toBe(false);
});
