/* Plain rules with no schema: public pages import this module alone, without zod. */
/** The publisher's postal address, printed on the cover card, the contact page and the PDF cover page. */
export const PUBLISHER_ADDRESS = ['Plot No. 12, Sector 3, Rohini', 'Delhi, India - 110085'] as const;

/** The journal's own address from its settings (one line per line), or the default one. */
export const publisherAddress = (address: string | undefined): readonly string[] => {
  const lines = (address ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return lines.length ? lines : PUBLISHER_ADDRESS;
};
