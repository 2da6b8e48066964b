/** Fixed texts of the public site that do not come from settings (docs/product.md#overview). */

/** The publisher's postal address, printed on the cover card and the contact page. */
export const PUBLISHER_ADDRESS = ['Plot No. 12, Sector 3, Rohini', 'Delhi, India - 110085'] as const;

/** The journal's own address from its settings (one line per line), or the default one. */
export const publisherAddress = (address: string | undefined): readonly string[] => {
  const lines = (address ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return lines.length ? lines : PUBLISHER_ADDRESS;
};

/** docs/product.md#overview: the four steps of the publication process, with the journal email. */
export const publicationSteps = (email: string) => [
  `Send your article to ${email || 'the journal email'}.`,
  'After your article is accepted, pay the publication fee.',
  `Send the payment receipt to ${email || 'the journal email'}.`,
  'Within 5 days you will receive the abstract link, article pdf, certificate, editorial page and cover page.',
];

export const feeRupee = (v: string | null | undefined) => (v && v.trim()) || '2000';
export const feeDollar = (v: string | null | undefined) => (v && v.trim()) || '50';
