import { authorsFromText, LICENSES, orcidCheckChar, type ArticleAuthor, type ArticleReference } from '@journal/contracts';
import { AUTHOR_POOL } from './demo-data';

/**
 * docs/product.md#demo-data: the scholarly metadata of the demo articles (ORCID iDs, affiliations
 * with ROR ids, licences, references), so every output a new user opens is filled. The ORCID iDs
 * are from a block no person holds; the DOIs of references use Crossref's test prefix 10.5555.
 */

export const DEMO_AFFILIATIONS = [
  { name: 'Department of Chemistry, University of Delhi, New Delhi, India', ror: 'https://ror.org/04gzb2213' },
  { name: 'Institute of Agricultural Sciences, Banaras Hindu University, Varanasi, India', ror: 'https://ror.org/04cdn2797' },
  { name: 'Indian Institute of Science, Bengaluru, India', ror: 'https://ror.org/04dese585' },
  { name: 'Indian Institute of Technology Delhi, New Delhi, India', ror: 'https://ror.org/049tgcd06' },
  { name: 'All India Institute of Medical Sciences, New Delhi, India', ror: 'https://ror.org/02dwcqs71' },
  { name: 'Krishi Vigyan Kendra, Baramati, Maharashtra, India', ror: '' },
] as const;

/** A valid ORCID iD for the i-th author of the pool (0009-0000-0000-iiiC). */
export function demoOrcid(i: number): string {
  const digits = `000900000000${String(i).padStart(3, '0')}`;
  const id = `${digits}${orcidCheckChar(digits)}`;
  return id.match(/.{4}/g)!.join('-');
}

/**
 * The structured list of a demo article's author text: the split of each name, with the pool
 * author's affiliation (a second one for every fourth), an ORCID iD for two authors in three,
 * the first author corresponding.
 */
export function demoAuthors(authorname: string, refnumber: string): ArticleAuthor[] {
  const names = authorname.split(',').map((s) => s.trim());
  return authorsFromText(authorname).map((a, k) => {
    const i = Math.max(0, AUTHOR_POOL.indexOf(names[k]!));
    const affiliations = [DEMO_AFFILIATIONS[i % DEMO_AFFILIATIONS.length]!, ...(i % 4 === 3 ? [DEMO_AFFILIATIONS[(i + 2) % DEMO_AFFILIATIONS.length]!] : [])];
    return {
      given: a.given,
      family: a.family,
      affiliations: affiliations.map((f) => ({ name: f.name, ror: f.ror })),
      orcid: i % 3 === 2 ? '' : demoOrcid(i + 1),
      corresponding: k === 0,
      email: k === 0 ? `author${refnumber}@mail.example` : '',
    };
  });
}

/** Every seventh article states a licence of its own; the rest take the journal's default. */
export const demoArticleLicense = (n: number) => (n % 7 === 3 ? LICENSES.find((l) => l.id === 'CC-BY-NC-ND-4.0')!.url : '');

const REFERENCE_AUTHORS = ['Sharma AK, Verma P', 'Gupta M, Singh R', 'Patel S, Rao K, Mishra A', 'Iyer R', 'Menon D, Tiwari S', 'Kulkarni S, Mehta G'];
const REFERENCE_JOURNALS = ['Journal of Environmental Chemistry', 'Indian Journal of Agricultural Sciences', 'Current Science', 'Applied Surface Science'];

/** Three to six references in the journal's reference format; every other one carries a DOI. */
export function demoReferences(n: number, topic: string): ArticleReference[] {
  const count = 3 + (n % 4);
  return Array.from({ length: count }, (_, k) => {
    const year = 2012 + ((n + k * 3) % 12);
    const doi = k % 2 === 0 ? `10.5555/demo.${n + 1}.${k + 1}` : '';
    const text = `${REFERENCE_AUTHORS[(n + k) % REFERENCE_AUTHORS.length]}. ${k === 0 ? `A review of ${topic.replace(/<[^>]*>/g, '').toLowerCase()}` : `Studies related to part ${k + 1} of this work`}. ${REFERENCE_JOURNALS[(n + k) % REFERENCE_JOURNALS.length]}. ${year};${10 + k}(${1 + (k % 4)}):${100 + k * 11}-${108 + k * 11}.${doi ? ` doi:${doi}` : ''}`;
    return { text, doi };
  });
}
