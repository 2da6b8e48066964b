import { isLinkSignature } from '@journal/server-kit';
import { REVIEWER_CERTIFICATE_LINK, type ReviewSubmittedEvent } from '@journal/contracts';
import { newObjectId } from '@journal/testing';
import type { ContentDeps } from '../src/deps';
import type { MailService } from '../src/mail/mail.service';
import { mailReviewerCertificates } from '../src/reviews/reviewer-certificate.mail';

/**
 * docs/product.md#reviewer-certificates: a submitted review queues the reviewer's email with the
 * certificate attached from the PDF service by its signed link (and the same link on the public
 * site to download it again), once per review. Pure wiring: the listener and what it queues.
 */
const SECRET = 'x'.repeat(40);
const J = newObjectId();
type Enqueued = Parameters<MailService['enqueueMail']>[0];

function setup(pdfUrl: string, hosts: string[]) {
  const listeners: ((e: ReviewSubmittedEvent) => Promise<void> | void)[] = [];
  const queued: Enqueued[] = [];
  const deps = {
    config: { JWT_SECRET: SECRET, PDF_URL: pdfUrl, PUBLIC_SCHEME: 'https', PUBLIC_PORT: '' },
    repos: { journals: { findById: async (id: string) => (id === J ? { id, hosts } : null) } },
    mail: { enqueueMail: async (m: Enqueued) => (queued.push(m), []) },
  } as unknown as Pick<ContentDeps, 'config' | 'repos' | 'mail'>;
  mailReviewerCertificates({ onSubmitted: (l) => void listeners.push(l) }, deps);
  return { queued, emit: (e: ReviewSubmittedEvent) => Promise.all(listeners.map((l) => l(e))) };
}

const event = (extra: Partial<ReviewSubmittedEvent> = {}): ReviewSubmittedEvent => ({
  journalId: J,
  reviewId: newObjectId(),
  submissionId: newObjectId(),
  reviewer: { id: newObjectId(), name: 'Dr. José Müller', email: 'jose@example.org', affiliation: 'Université Laval', ror: '', orcid: '' },
  journalName: 'Journal of Soils',
  submissionNumber: 'JS-2026-00012',
  title: 'Soil <i>Rhizobium</i> under drought',
  hideTitle: false,
  submittedAt: '2026-03-20T09:00:00.000Z',
  date: '2026-03-20',
  ...extra,
});

describe('the reviewer certificate email', () => {
  it('queues one email to the reviewer with the certificate fetched from the PDF service by its signed link', async () => {
    const { queued, emit } = setup('http://pdf-api:4004', ['soils.example.org']);
    const e = event();
    await emit(e);
    expect(queued).toHaveLength(1);
    const m = queued[0]!;
    expect(m).toMatchObject({
      journalId: J,
      event: 'reviewer_certificate',
      submissionId: e.submissionId,
      to: [{ name: 'Dr. José Müller', email: 'jose@example.org' }],
      vars: { submissionNumber: 'JS-2026-00012', title: 'Soil Rhizobium under drought', reviewDate: '2026-03-20' },
      idempotencyKey: e.reviewId,
    });
    const [a] = m.attachments!;
    expect(a!.filename).toBe('reviewer-certificate-JS-2026-00012.pdf');
    const url = (a!.source as { url: string }).url;
    const match = /^http:\/\/pdf-api:4004\/api\/pdf\/reviewer-certificate\/([a-f0-9]{24})\/([A-Za-z0-9_-]{32})$/.exec(url);
    expect(match?.[1]).toBe(e.reviewId);
    expect(isLinkSignature(SECRET, REVIEWER_CERTIFICATE_LINK, J, e.reviewId, match![2])).toBe(true);
    // The link is for this review of this journal only.
    expect(isLinkSignature(SECRET, REVIEWER_CERTIFICATE_LINK, newObjectId(), e.reviewId, match![2])).toBe(false);
    expect(isLinkSignature(SECRET, 'status-link', J, e.reviewId, match![2])).toBe(false);
    expect(a!.link).toBe(url.replace('http://pdf-api:4004', 'https://soils.example.org'));
    expect(m.links).toEqual([{ label: 'Your certificate of reviewing', url: a!.link }]);
  });

  it('fetches through the public site when no PDF service address is set', async () => {
    const { queued, emit } = setup('', ['soils.example.org']);
    await emit(event());
    expect((queued[0]!.attachments![0]!.source as { url: string }).url).toMatch(/^https:\/\/soils\.example\.org\/api\/pdf\/reviewer-certificate\//);
  });
});
