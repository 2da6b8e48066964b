/**
 * The resolver link of a DOI. DOI characters allowed by DOI_RE need no escaping except these.
 * A module of its own: the public pages show DOI links without the admin's DOI rules.
 */
export const doiUrl = (doi: string) => `https://doi.org/${doi.replace(/[;()]/g, encodeURIComponent)}`;
