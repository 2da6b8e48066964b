/**
 * docs/product.md#licences: the licences a journal or an article may state, each with its URL
 * (the value stored and sent). No zod here: public pages import the list alone.
 */
export interface License {
  id: string;
  label: string;
  url: string;
  /** The SPDX short form, for machines that want one. */
  spdx: string;
  /** Whether it is an open licence (DOAJ and Crossref's free-to-read indicator). */
  open: boolean;
}

export const ALL_RIGHTS_RESERVED_URL = 'http://rightsstatements.org/vocab/InC/1.0/';

export const LICENSES: readonly License[] = [
  { id: 'CC-BY-4.0', label: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', spdx: 'CC-BY-4.0', open: true },
  { id: 'CC-BY-SA-4.0', label: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/', spdx: 'CC-BY-SA-4.0', open: true },
  { id: 'CC-BY-NC-4.0', label: 'CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/', spdx: 'CC-BY-NC-4.0', open: true },
  { id: 'CC-BY-NC-SA-4.0', label: 'CC BY-NC-SA 4.0', url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/', spdx: 'CC-BY-NC-SA-4.0', open: true },
  { id: 'CC-BY-ND-4.0', label: 'CC BY-ND 4.0', url: 'https://creativecommons.org/licenses/by-nd/4.0/', spdx: 'CC-BY-ND-4.0', open: true },
  { id: 'CC-BY-NC-ND-4.0', label: 'CC BY-NC-ND 4.0', url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/', spdx: 'CC-BY-NC-ND-4.0', open: true },
  { id: 'CC0-1.0', label: 'CC0 1.0 (public domain)', url: 'https://creativecommons.org/publicdomain/zero/1.0/', spdx: 'CC0-1.0', open: true },
  { id: 'all-rights-reserved', label: 'All rights reserved', url: ALL_RIGHTS_RESERVED_URL, spdx: '', open: false },
];

export const LICENSE_MESSAGE = 'Licence must be one of the listed licences';

export const licenseByUrl = (url: string | null | undefined): License | undefined => (url ? LICENSES.find((l) => l.url === url) : undefined);

/** The licence an article states: its own choice, else its journal's default; undefined when neither is set. */
export const effectiveLicense = (articleUrl: string | null | undefined, journalUrl: string | null | undefined): License | undefined =>
  licenseByUrl(articleUrl) ?? licenseByUrl(journalUrl);

/** The sentence the page and the cover page print. */
export const licenseLine = (l: License) =>
  l.open ? `This article is licensed under ${l.label} (${l.url}).` : 'All rights reserved.';
