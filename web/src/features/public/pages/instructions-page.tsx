import { PageTitle } from '@/components/page-title';
import { Link } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { PageHead } from '../components/page-head';
import { useScrollToSection } from '@/components/use-scroll-to-section';
import { useJournal } from '../components/use-journal';
import { feeDollar, feeRupee } from '../lib/site';

/** The copyright form authors sign (a static file of the web build, the same for every journal). */
export const COPYRIGHT_FORM = '/files/copyright-form.pdf';

const ORDER = [
  'Title of the article',
  'Name(s) of the author(s) with affiliation, email and phone number',
  'Abstract (not more than 250 words)',
  'Keywords (4 to 6)',
  'Introduction',
  'Materials and Methods',
  'Results',
  'Discussion',
  'Conclusion',
  'Acknowledgement (if any)',
  'References',
];

/** docs/product.md#public-routes: /instructions. */
export function InstructionsPage() {
  const { settings, name } = useJournal();
  useScrollToSection();
  const email = settings?.websiteemail ?? '';
  const journal = name || 'the journal';
  return (
    <div className="container narrow prose">
      <PageHead title="Instructions to Authors" />
      <PageTitle>INSTRUCTIONS TO AUTHORS</PageTitle>

      <section id="submission" aria-labelledby="i-submission">
        <h2 id="i-submission">Submission of Manuscript</h2>
        <p>
          Authors should send their manuscript by email to{' '}
          {email ? <a href={`mailto:${email}`}>{email}</a> : 'the journal email address'}. Manuscripts are accepted in MS Word
          format only.
        </p>
        <p>
          Manuscripts may also be submitted online with the <Link to={paths.submit}>submission form</Link> (Word or PDF): it gives a
          submission number and a private link to follow the review, send a revision and the payment receipt.
        </p>
        <p>
          Every accepted manuscript must be accompanied by the signed copyright form:{' '}
          <a href={COPYRIGHT_FORM} download>
            Download Copyright Form
          </a>
          .
        </p>
        <p>A manuscript may have a maximum of 5 authors and a maximum of 50 references.</p>
      </section>

      <section id="fee" aria-labelledby="i-fee">
        <h2 id="i-fee">Publication Fee</h2>
        <table className="data-table fee-table">
          <caption className="visually-hidden">Publication fee</caption>
          <thead>
            <tr>
              <th scope="col">Authors from</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>India</td>
              <td>INR {feeRupee(settings?.fee_rupee)}</td>
            </tr>
            <tr>
              <td>Other Countries</td>
              <td>USD {feeDollar(settings?.fee_dollar)}</td>
            </tr>
          </tbody>
        </table>
        <p>The fee is paid only after the article has been accepted for publication.</p>
      </section>

      <section id="manuscript" aria-labelledby="i-manuscript">
        <h2 id="i-manuscript">Preparation of Manuscript</h2>
        <p>The manuscript should be typed in Times New Roman, 12 point, single spaced, and arranged in this order:</p>
        <ol>
          {ORDER.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ol>
        <p>Tables and figures should be numbered, carry a title and be placed where they are cited in the text.</p>
      </section>

      <section id="references" aria-labelledby="i-references">
        <h2 id="i-references">Reference Format</h2>
        <p>References are numbered in the order they are cited and listed at the end of the article, for example:</p>
        <ol className="ref-examples">
          <li>Sharma RK, Verma A. Effect of nitrogen on the growth of wheat. Journal of Plant Science. 2020;12(3):45-50.</li>
          <li>Gupta S. Principles of Agronomy. 3rd ed. New Delhi: Academic Press; 2018. p. 112-118.</li>
        </ol>
      </section>

      <section id="peer-review" aria-labelledby="i-peer">
        <h2 id="i-peer">Peer Review Policy</h2>
        <p>
          Every manuscript is reviewed under a double-blind peer-review process by two reviewers who are experts in the field.
          The identities of the authors and the reviewers are not disclosed to each other. The editor decides on the basis of
          the reviewers&apos; reports.
        </p>
      </section>

      <section id="submission-policy" aria-labelledby="i-subpolicy">
        <h2 id="i-subpolicy">Submission Policy</h2>
        <p>
          A manuscript submitted to {journal} must not have been published before and must not be under consideration by any
          other journal. All authors must have approved the submission.
        </p>
      </section>

      <section id="open-access" aria-labelledby="i-oa">
        <h2 id="i-oa">Open Access Policy</h2>
        <p>
          {journal} is an open access journal: all articles are freely available to read, download and share immediately upon
          publication, without any subscription.
        </p>
      </section>

      <section id="copyright" aria-labelledby="i-copyright">
        <h2 id="i-copyright">Copyright Policy</h2>
        <p>
          By submitting the signed copyright form, authors transfer the copyright of the published article to the journal,
          while keeping the right to use their work for teaching and further research with due citation.
        </p>
      </section>

      <section id="plagiarism" aria-labelledby="i-plagiarism">
        <h2 id="i-plagiarism">Plagiarism Policy</h2>
        <p>
          Every manuscript is checked for plagiarism before review. Manuscripts with substantial copied text, or that reuse the
          authors&apos; own published work without citation, are rejected.
        </p>
      </section>

      <section id="ethics" aria-labelledby="i-ethics">
        <h2 id="i-ethics">Publication Ethics</h2>
        <p>
          Authors, reviewers and editors are expected to follow accepted standards of publication ethics: honest reporting of
          data, proper citation, disclosure of conflicts of interest, and confidentiality of the review process. Research on
          humans or animals must have the approval of the relevant ethics committee.
        </p>
      </section>
    </div>
  );
}
