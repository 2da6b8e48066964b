/**
 * docs/product.md#reviewer-certificates: a review submitted from the reviewer's link → the
 * reviewer's email with the certificate of reviewing attached, in the mailbox. Through nginx and
 * the gateway of the whole stack: staff add reviewers, a manuscript is submitted, each reviewer is
 * invited (the link read from the invitation email in Mailpit), accepts and submits; the time runs
 * from the moment the submit request is sent to the moment Mailpit received the certificate email
 * (Mailpit's own reception time, same clock). The review listener queues the email, the mail worker
 * fetches the certificate from the PDF API, which makes it on the PDF queue, and sends it.
 * First one review at a time (what a reviewer meets: the queue idle), then a burst of reviews
 * submitted at the same instant (the worst a journal meets; as many as the content process takes
 * uploads at once). The time is split at the outbox record (queued,
 * sent). CPU seconds per process over each phase from /proc, each with the processes below it
 * (the PDF worker's Chromium renders in its children). Prints figures; never asserts a time.
 */
import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import { Mailpit, percentile } from '@journal/testing';
import { apiCaller, onePagePdf } from './bench-kit';
import type { BenchContext } from './context';
import { cpuMsFine } from './proc-cpu';

const ONE_AT_A_TIME = 10;
/** The content process holds at most 8 uploads in memory at once (MAX_PARALLEL_UPLOADS); a 9th at the same instant is asked to retry. */
const BURST = 8;
const WAIT_MS = 5 * 60_000;

const round1 = (n: number) => Math.round(n * 10) / 10;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);


export async function run(ctx: BenchContext) {
  if (!ctx.mailpitUrl) throw new Error('no Mailpit URL in the bench context');
  const mailpit = new Mailpit(ctx.mailpitUrl);
  const stamp = Date.now().toString(36);
  const domain = `revcert-${stamp}.example.org`;

  const { call, json } = apiCaller(ctx.baseUrl);
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return { method: 'POST', body: f };
  };

  const { token } = (await call('/auth/login/', json({ username: 'admin', password: 'admin12345' }))) as { token: string };
  // One manuscript, reviewed by every reviewer of the bench.
  const email = `author@${domain}`;
  const sub = new FormData();
  for (const [k, v] of Object.entries({
    given: 'Asha', family: 'Verma', email, mobile: '+91 98765 43210', country: 'India',
    title: `Reviewer certificate bench ${stamp}`, abstract: 'We measured growth at three temperatures.', keywords: 'bench', subject: 'Microbiology', declaration: 'on',
  })) sub.set(k, v);
  sub.set('manuscript', new Blob([new Uint8Array(await onePagePdf('Reviewer certificate bench manuscript'))], { type: 'application/pdf' }), 'paper.pdf');
  await call('/api/submissions', { method: 'POST', body: sub });
  const list = (await call(`/api/admin/submissions?q=${encodeURIComponent(email)}`, { token })) as { items: { id: string }[] };
  const submissionId = list.items[0]?.id;
  if (!submissionId) throw new Error(`submission of ${email} not found`);

  // Each reviewer: an entry, an invitation, the link from the invitation email, accepted.
  const due = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const reviewers: { email: string; token: string }[] = [];
  for (let i = 0; i < ONE_AT_A_TIME + BURST; i++) {
    const to = `reviewer-${i}@${domain}`;
    const r = (await call('/api/admin/reviewers', { ...json({ name: `Dr. José Müller ${i}`, email: to, affiliation: 'Université de Montréal' }), token })) as { id: string };
    await call(`/api/admin/submissions/${submissionId}/reviews`, { ...json({ reviewerIds: [r.id], dueDate: due }), token });
    reviewers.push({ email: to, token: '' });
  }
  const deadline = Date.now() + WAIT_MS;
  for (const r of reviewers) {
    while (!r.token) {
      if (Date.now() > deadline) throw new Error(`no invitation email for ${r.email}`);
      const [m] = await mailpit.search(`to:${r.email}`);
      const link = m && /\/review\/([A-Za-z0-9_-]{20,})/.exec((await mailpit.message(m.ID)).Text)?.[1];
      if (link) r.token = link;
      else await new Promise((ok) => setTimeout(ok, 500));
    }
    await call(`/api/reviews/${r.token}/accept`, { method: 'POST' });
  }
  console.log(`${reviewers.length} reviewers invited and accepted; submitting reviews`);

  const sentAt = new Map<string, number>();
  const submit = async (r: { email: string; token: string }) => {
    sentAt.set(r.email, Date.now());
    await call(`/api/reviews/${r.token}/submit`, form({ recommendation: 'minor_revision', toAuthor: 'Clarify the sampling.', toEditor: 'Sound overall.' }));
  };
  const arrivedAt = new Map<string, number>();
  const waitFor = async (emails: string[]) => {
    const until = Date.now() + WAIT_MS;
    while (emails.some((e) => !arrivedAt.has(e)) && Date.now() < until) {
      for (const m of await mailpit.search(`to:${domain} subject:"thank you for reviewing"`)) {
        const to = m.To[0]?.Address ?? '';
        const created = (m as { Created?: string }).Created;
        if (m.Attachments >= 1 && created && !arrivedAt.has(to)) arrivedAt.set(to, Date.parse(created));
      }
      await new Promise((ok) => setTimeout(ok, 250));
    }
  };
  const secondsOf = (emails: string[]) => sorted(emails.filter((e) => arrivedAt.has(e)).map((e) => (arrivedAt.get(e)! - sentAt.get(e)!) / 1000));
  const cpuS = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(Object.keys(after).map((n) => [n, Math.round(((after[n] ?? 0) - (before[n] ?? 0)) / 100) / 10]));
  const pids = ctx.pids ?? {};

  // One at a time: each review submitted once the previous certificate arrived.
  const single = reviewers.slice(0, ONE_AT_A_TIME);
  const cpu0 = cpuMsFine(pids, true);
  for (const r of single) {
    await submit(r);
    await waitFor([r.email]);
  }
  const cpu1 = cpuMsFine(pids, true);
  // A burst: the rest submitted at once.
  const burst = reviewers.slice(ONE_AT_A_TIME);
  await Promise.all(burst.map(submit));
  await waitFor(burst.map((r) => r.email));
  const cpu2 = cpuMsFine(pids, true);

  // Where the time went: the outbox record queued (the listener ran) and sent (certificate fetched and made, SMTP done).
  const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName: ctx.dbName }).asPromise();
  const split = { queued: [] as number[], sent: [] as number[] };
  try {
    const mails = await conn.collection('mail_outbox').find({ event: 'reviewer_certificate', submissionId }).toArray();
    for (const m of mails) {
      const start = sentAt.get((m.to as { email: string }).email);
      if (!start) continue;
      split.queued.push((new Date(m.createdAt as Date).getTime() - start) / 1000);
      if (m.sentAt) split.sent.push((new Date(m.sentAt as Date).getTime() - start) / 1000);
    }
  } finally {
    await conn.close();
  }

  const one = secondsOf(single.map((r) => r.email));
  const many = secondsOf(burst.map((r) => r.email));
  const figures = {
    reviewer_cert_p50_s: round1(percentile(one, 50)),
    reviewer_cert_p99_s: round1(percentile(one, 99)),
    reviewer_cert_burst_p50_s: round1(percentile(many, 50)),
    reviewer_cert_burst_p99_s: round1(percentile(many, 99)),
    reviewer_cert_delivered: one.length + many.length,
  };
  console.log(`reviewer certificates: ${one.length} of ${single.length} one at a time, ${many.length} of ${burst.length} in a burst, in Mailpit with the certificate attached`);
  console.log(`  one at a time: submitted -> mailbox p50 ${figures.reviewer_cert_p50_s} s, p99 ${figures.reviewer_cert_p99_s} s (min ${one[0]?.toFixed(1)}, max ${one.at(-1)?.toFixed(1)})`);
  console.log(`  burst of ${BURST}: p50 ${figures.reviewer_cert_burst_p50_s} s, p99 ${figures.reviewer_cert_burst_p99_s} s`);
  console.log(`  medians from the submit: email queued ${percentile(sorted(split.queued), 50).toFixed(2)} s, sent ${percentile(sorted(split.sent), 50).toFixed(2)} s`);
  console.log(`  CPU seconds by process with its children (a PDF worker's Chromium), one at a time (${single.length} reviews): ${JSON.stringify(cpuS(cpu0, cpu1))}`);
  console.log(`  CPU seconds by process, burst (${burst.length} reviews): ${JSON.stringify(cpuS(cpu1, cpu2))}`);
  console.log(`  load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  if (figures.reviewer_cert_delivered < reviewers.length) throw new Error(`only ${figures.reviewer_cert_delivered} of ${reviewers.length} certificate emails arrived`);
  return figures;
}
