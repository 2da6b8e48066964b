import {
  authorMayWithdraw,
  awaitsPayment,
  canMove,
  decisionsFrom,
  formatSubmissionNumber,
  moveTarget,
  SUBMISSION_NUMBER_RE,
  SUBMISSION_STATES,
  submissionFormSchema,
  submissionPrefix,
} from '../src/index.js';

describe('submission states (docs/product.md#submissions)', () => {
  test('the main path: received → under review → revision → under review → accepted → receipt → paid → published', () => {
    expect(canMove('decide', 'staff', 'received', 'under_review')).toBe(true);
    expect(canMove('decide', 'staff', 'under_review', 'revision_requested')).toBe(true);
    expect(moveTarget('revise', 'author', 'revision_requested')).toBe('under_review');
    expect(canMove('decide', 'staff', 'under_review', 'accepted')).toBe(true);
    expect(moveTarget('receipt', 'author', 'accepted')).toBe('payment_pending');
    expect(moveTarget('confirm_payment', 'staff', 'payment_pending')).toBe('paid');
    expect(moveTarget('publish', 'staff', 'paid')).toBe('published');
  });

  test('the author withdraws only before acceptance', () => {
    expect(SUBMISSION_STATES.filter(authorMayWithdraw)).toEqual(['received', 'under_review', 'revision_requested']);
  });

  test('staff cannot skip review, accept twice, publish unpaid, or act for the author', () => {
    expect(canMove('decide', 'staff', 'received', 'accepted')).toBe(false);
    expect(canMove('decide', 'staff', 'accepted', 'accepted')).toBe(false);
    expect(moveTarget('publish', 'staff', 'accepted')).toBeNull();
    expect(canMove('decide', 'staff', 'under_review', 'withdrawn')).toBe(false);
    expect(canMove('decide', 'staff', 'paid', 'published')).toBe(false);
    expect(moveTarget('withdraw', 'staff', 'received')).toBeNull();
  });

  test('rejected, withdrawn and published are final', () => {
    for (const s of ['rejected', 'withdrawn', 'published'] as const) {
      expect(decisionsFrom(s)).toEqual([]);
      expect(authorMayWithdraw(s)).toBe(false);
      expect(awaitsPayment(s)).toBe(false);
    }
  });

  test('the fee is waived from acceptance or from a sent receipt; a receipt is confirmed only once sent', () => {
    expect(moveTarget('waive_payment', 'staff', 'accepted')).toBe('paid');
    expect(moveTarget('waive_payment', 'staff', 'payment_pending')).toBe('paid');
    expect(moveTarget('confirm_payment', 'staff', 'accepted')).toBeNull();
    expect(SUBMISSION_STATES.filter(awaitsPayment)).toEqual(['accepted', 'payment_pending']);
  });
});

describe('submission numbers', () => {
  test('prefix, year and a five-digit sequence', () => {
    expect(formatSubmissionNumber('IJARS', 2026, 42)).toBe('IJARS-2026-00042');
    expect(formatSubmissionNumber('IJARS', 2026, 123456)).toBe('IJARS-2026-123456');
    expect(SUBMISSION_NUMBER_RE.test('IJARS-2026-00042')).toBe(true);
    expect(submissionPrefix('chem-j')).toBe('CHEMJ');
    expect(submissionPrefix('x')).toBe('XJ');
  });
});

describe('the submission form', () => {
  const valid = {
    given: 'Asha', family: 'Rao', email: 'asha@example.org', mobile: '+91 98765 43210', country: 'India',
    title: 'On <i>E. coli</i>', abstract: 'Text', declaration: 'on',
  };
  test('accepts the form with bracketed co-author slots, dropping blank ones', () => {
    const f = submissionFormSchema.parse({ ...valid, coauthors: [{ given: 'Ravi', family: 'Kumar', orcid: '' }, { given: '', family: '' }] });
    expect(f.coauthors).toEqual([expect.objectContaining({ given: 'Ravi', family: 'Kumar' })]);
    expect(submissionFormSchema.parse({ ...valid, coauthors: { 0: { family: 'Kumar' } } }).coauthors).toHaveLength(1);
  });
  test('refuses a missing declaration, a header-breaking country and an over-long title', () => {
    expect(submissionFormSchema.safeParse({ ...valid, declaration: undefined }).success).toBe(false);
    expect(submissionFormSchema.safeParse({ ...valid, country: 'India\r\nBcc: x@y' }).success).toBe(false);
    expect(submissionFormSchema.safeParse({ ...valid, title: 'x'.repeat(501) }).success).toBe(false);
    expect(submissionFormSchema.safeParse({ ...valid, email: 'a@b.c\r\nBcc: x@y.z' }).success).toBe(false);
    expect(submissionFormSchema.parse({ ...valid, title: 'On\r\nBcc: x@y.z\n\tgrowth' }).title).toBe('On Bcc: x@y.z growth');
  });
});
