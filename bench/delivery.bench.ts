/**
 * docs/product.md#submissions, the delivery: 50 paid submissions published at once by staff
 * through nginx and the gateway of the whole stack, each timed from the moment its "Publish"
 * request is sent to the moment the SMTP server (Mailpit) received the author's delivery e-mail
 * with its documents attached (article PDF, certificate, cover page, editorial board PDF): the
 * article made, the message queued, the documents rendered by the PDF queue and fetched by the
 * mail worker, the message sent. Mailpit's own reception time is read from its API (same clock).
 * Each publication goes into an issue of its own (an issue takes pages in order, and 50 at once in
 * one issue would be refused by the page rule, not measured). The time is split at the records
 * the platform keeps (the submission's "published" entry, the outbox record's creation and
 * sending). CPU seconds per process over the batch come from /proc, the database server's
 * included. Prints figures; never asserts a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import { Mailpit, percentile, type MailpitSummary } from '@journal/testing';
import { apiCaller, onePagePdf } from './bench-kit';
import type { BenchContext } from './context';
import { cpuMsFine } from './proc-cpu';

const PUBLICATIONS = 50;
/** Article PDF, one certificate (one author), cover page, editorial board. */
const DOCUMENTS = 4;
const YEAR = 2032;
const VOLUME = 92;
const WAIT_MS = 15 * 60_000;

/** Names take letters only: 0 -> 'Aa', 27 -> 'Bb'. */
const letters = (i: number) => String.fromCharCode(65 + Math.floor(i / 26), 97 + (i % 26));

/** The database server the stack uses (FerretDB locally), by the port of MONGO_URL, for its CPU time. */
export function databasePid(mongoUrl: string): number | undefined {
  const port = new URL(mongoUrl).port;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(`--listen-addr=127.0.0.1:${port}`)) return Number(d);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);


export async function run(ctx: BenchContext) {
  if (!ctx.mailpitUrl) throw new Error('no Mailpit URL in the bench context');
  const mailpit = new Mailpit(ctx.mailpitUrl);
  const base = ctx.baseUrl;
  const stamp = Date.now().toString(36);
  const domain = `deliv-${stamp}.example.org`;

  const { call, json } = apiCaller(base);

  const { token } = (await call('/auth/login/', json({ username: 'admin', password: 'admin12345' }))) as { token: string };
  for (let i = 1; i <= PUBLICATIONS; i++) {
    await call('/api/admin/create-issue', { ...json({ volume: VOLUME, issue: i, year: YEAR, frequency: 'January-March' }), token }).catch((err: Error) => {
      if (!/: 409 /.test(err.message)) throw err;
    });
  }
  const pdf = await onePagePdf('Delivery bench manuscript');

  // 50 submissions, each taken to "paid" (fee waived) as staff would, one after another.
  const ids: { id: string; email: string }[] = [];
  for (let i = 0; i < PUBLICATIONS; i++) {
    const email = `author-${i}@${domain}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      given: 'Asha', family: `Verma ${letters(i)}`, email, mobile: '+91 98765 43210', country: 'India',
      title: `Delivery bench article ${stamp} ${i}`, abstract: 'We measured growth at three temperatures.', keywords: 'bench', subject: 'Microbiology', declaration: 'on',
    })) form.set(k, v);
    form.set('manuscript', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
    await call('/api/submissions', { method: 'POST', body: form });
    const list = (await call(`/api/admin/submissions?q=${encodeURIComponent(email)}`, { token })) as { items: { id: string }[] };
    const id = list.items[0]?.id;
    if (!id) throw new Error(`submission of ${email} not found`);
    await call(`/api/admin/submissions/${id}/decision`, { ...json({ to: 'under_review' }), token });
    await call(`/api/admin/submissions/${id}/decision`, { ...json({ to: 'accepted' }), token });
    await call(`/api/admin/submissions/${id}/payment`, { ...json({ action: 'waive' }), token });
    ids.push({ id, email });
  }
  console.log(`${PUBLICATIONS} submissions paid; publishing all at once`);

  const refBase = 800_000 + (Date.now() % 100_000) * 10;
  const sentAt = new Map<string, number>();
  const answeredMs: number[] = [];
  const pids = { ...ctx.pids, database: databasePid(ctx.mongoUrl) ?? 0 };
  const cpuBefore = cpuMsFine(pids);
  const t0 = Date.now();
  const published = await Promise.allSettled(
    ids.map(async ({ id, email }, i) => {
      const started = Date.now();
      sentAt.set(email, started);
      const body = { year: YEAR, volume: VOLUME, issue: i + 1, pagenumber: '1-10', refnumber: String(refBase + i), publishdate: new Date().toISOString().slice(0, 10) };
      const out = await call(`/api/admin/submissions/${id}/publish`, { ...json(body), token });
      answeredMs.push(Date.now() - started);
      return out;
    }),
  );
  const publishMs = Date.now() - t0;
  const failed = published.filter((p) => p.status === 'rejected') as PromiseRejectedResult[];
  const byAnswer: Record<string, number> = {};
  for (const f of failed) {
    const code = /: (\d{3}) /.exec(String(f.reason))?.[1] ?? 'network';
    byAnswer[code] = (byAnswer[code] ?? 0) + 1;
  }
  if (failed.length) console.log(`publish answers other than 200: ${JSON.stringify(byAnswer)} (a 504 is the gateway's 30 s limit: the publication may still finish)`);

  // Each author's delivery message, as Mailpit received it.
  const arrived = new Map<string, number>();
  const deadline = Date.now() + WAIT_MS;
  while (arrived.size < PUBLICATIONS && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const found: (MailpitSummary & { Created?: string })[] = await mailpit.search(`to:${domain}`);
    for (const m of found) {
      if (m.Attachments < DOCUMENTS) continue;
      const to = m.To[0]?.Address ?? '';
      if (!arrived.has(to) && m.Created) arrived.set(to, Date.parse(m.Created));
    }
  }
  const drainS = (Date.now() - t0) / 1000;
  const cpuAfter = cpuMsFine(pids);

  // Where the time went, from the records kept: published (the article made, the submission moved),
  // the delivery message queued, sent.
  const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName: ctx.dbName }).asPromise();
  const split = { published: [] as number[], queued: [] as number[], sent: [] as number[] };
  try {
    const subs = await conn.collection('submissions').find({ email: { $in: ids.map((x) => x.email) } }).toArray();
    const mails = await conn.collection('mail_outbox').find({ event: 'published_delivery', submissionId: { $in: subs.map((x) => String(x._id)) } }).toArray();
    for (const sub of subs) {
      const start = sentAt.get(String(sub.email));
      const entry = (sub.history as { to: string; at: Date }[]).find((h) => h.to === 'published');
      const mail = mails.find((m) => m.submissionId === String(sub._id) && (m.to as { email: string }).email === sub.email);
      if (!start || !entry || !mail) continue;
      split.published.push((new Date(entry.at).getTime() - start) / 1000);
      split.queued.push((new Date(mail.createdAt as Date).getTime() - start) / 1000);
      if (mail.sentAt) split.sent.push((new Date(mail.sentAt as Date).getTime() - start) / 1000);
    }
  } finally {
    await conn.close();
  }
  const seconds = [...arrived].map(([to, at]) => (at - (sentAt.get(to) ?? t0)) / 1000).sort((a, b) => a - b);
  const cpuS = Object.fromEntries(Object.keys(cpuAfter).map((n) => [n, Math.round(((cpuAfter[n] ?? 0) - (cpuBefore[n] ?? 0)) / 100) / 10]));
  const answered = [...answeredMs].sort((a, b) => a - b);
  const figures = {
    delivery_p50_s: Math.round(percentile(seconds, 50) * 10) / 10,
    delivery_p99_s: Math.round(percentile(seconds, 99) * 10) / 10,
    delivery_publish_all_s: Math.round(publishMs / 100) / 10,
    delivery_delivered: arrived.size,
    delivery_publish_answer_p50_ms: Math.round(percentile(answered, 50)),
    delivery_publish_answer_p99_ms: Math.round(percentile(answered, 99)),
  };
  console.log(`delivery: ${arrived.size} of ${PUBLICATIONS} delivery e-mails with ${DOCUMENTS} documents in Mailpit after ${drainS.toFixed(1)} s (the 50 publish answers took ${figures.delivery_publish_all_s} s)`);
  console.log(`  publish -> mailbox p50 ${figures.delivery_p50_s} s, p99 ${figures.delivery_p99_s} s; min ${seconds[0]?.toFixed(1)} s, max ${seconds.at(-1)?.toFixed(1)} s`);
  console.log(`  publish answers (${answered.length} of ${PUBLICATIONS} within the gateway's 30 s): p50 ${figures.delivery_publish_answer_p50_ms} ms, p99 ${figures.delivery_publish_answer_p99_ms} ms`);
  console.log(
    `  medians from "Publish": submission published ${median(split.published).toFixed(1)} s, delivery queued ${median(split.queued).toFixed(1)} s, sent ${median(split.sent).toFixed(1)} s (documents made and fetched between the two)`,
  );
  console.log(`  CPU seconds over the batch by process (database: the server of MONGO_URL, shared with other users of this machine): ${JSON.stringify(cpuS)}`);
  console.log(`  load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  if (arrived.size < PUBLICATIONS) throw new Error(`only ${arrived.size} of ${PUBLICATIONS} delivery e-mails arrived within ${WAIT_MS / 1000} s`);
  return figures;
}
