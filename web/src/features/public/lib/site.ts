/** Fixed texts of the public site that do not come from settings (docs/product.md#overview). */

export { PUBLISHER_ADDRESS, publisherAddress } from '@journal/contracts/publisher';

/** docs/product.md#overview: the four steps of the publication process, with the journal email. */
export const publicationSteps = (email: string) => [
  `Send your article to ${email || 'the journal email'}.`,
  'After your article is accepted, pay the publication fee.',
  `Send the payment receipt to ${email || 'the journal email'}.`,
  'Within 5 days you will receive the abstract link, article pdf, certificate, editorial page and cover page.',
];

export const feeRupee = (v: string | null | undefined) => (v && v.trim()) || '2000';
export const feeDollar = (v: string | null | undefined) => (v && v.trim()) || '50';
