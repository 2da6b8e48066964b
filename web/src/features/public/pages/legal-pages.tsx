import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { PageHead } from '../components/page-head';
import { useScrollToSection } from '@/components/use-scroll-to-section';
import { useJournal } from '../components/use-journal';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-h`} className="legal-section">
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

/** docs/product.md#public-routes: /privacy-policy: static text with the site name; scrolls to the section from state. */
export function PrivacyPage() {
  const { name, settings, isLoading } = useJournal();
  useScrollToSection(!isLoading);
  const site = name || 'this website';
  const email = settings?.websiteemail;
  return (
    <div className="container narrow prose">
      <PageHead title="Privacy Policy" />
      <PageTitle id="privacy-policy">Privacy Policy</PageTitle>
      <p>
        This privacy policy explains how {site} collects, uses and protects the information of visitors, authors and reviewers.
        By using {site} you agree to this policy.
      </p>
      <Section id="information-we-collect" title="Information We Collect">
        <p>
          We collect the information you give us when you submit a manuscript or write to us: your name, affiliation, email
          address, phone number, country and the content of your manuscript. When you pay the publication fee, the transaction
          reference is kept with your article.
        </p>
      </Section>
      <Section id="use-of-information" title="How We Use Information">
        <ul>
          <li>to process, review and publish your manuscript;</li>
          <li>to prepare your publication certificate, cover page and editorial documents;</li>
          <li>to answer your questions and send you information about your article;</li>
          <li>to keep the website secure and improve it.</li>
        </ul>
      </Section>
      <Section id="sharing" title="Sharing of Information">
        <p>
          We do not sell or rent your personal information. Author names, affiliations and published articles are public by
          nature of publication. Reviewers&apos; identities are kept confidential.
        </p>
      </Section>
      <Section id="cookies" title="Cookies">
        <p>
          {site} uses only the cookies and browser storage needed for the website to work, such as keeping staff signed in. We do
          not use advertising cookies.
        </p>
      </Section>
      <Section id="security" title="Security">
        <p>We use reasonable technical and organisational measures to protect your information against loss and misuse.</p>
      </Section>
      <Section id="privacy-contact" title="Contact">
        <p>
          Questions about this policy can be sent to {email ? <a href={`mailto:${email}`}>{email}</a> : 'the journal email address'}.
        </p>
      </Section>
    </div>
  );
}

/** docs/product.md#public-routes: /terms-and-conditions: use of content, acceptable use, indemnity, liability, disclaimer. */
export function TermsPage() {
  const { name, isLoading } = useJournal();
  useScrollToSection(!isLoading);
  const site = name || 'this website';
  return (
    <div className="container narrow prose">
      <PageHead title="Terms and Conditions" />
      <PageTitle id="terms-and-conditions">Terms and Conditions</PageTitle>
      <p>
        These terms govern your use of {site}. By accessing or using {site} you accept these terms. If you do not agree with
        them, please do not use the website.
      </p>
      <Section id="use-of-content" title="Use of Content">
        <p>
          Articles published on {site} are open access: you may read, download, print and share them for non-commercial
          purposes, provided the authors and {site} are properly cited. The design, logos and other material of the website
          may not be copied without permission.
        </p>
      </Section>
      <Section id="acceptable-use" title="Acceptable Use">
        <h3 id="security-rules">Security Rules</h3>
        <p>You must not violate or attempt to violate the security of {site}, including by:</p>
        <ul>
          <li>accessing data not meant for you or signing in to an account you are not authorised to use;</li>
          <li>probing, scanning or testing the vulnerability of the website or breaching its security or authentication;</li>
          <li>interfering with service to any user, host or network, including by overloading, flooding or spamming;</li>
          <li>forging any part of the header information of a message or request.</li>
        </ul>
        <h3 id="general-rules">General Rules</h3>
        <p>You must not use {site} to:</p>
        <ul>
          <li>send or store material that is unlawful, defamatory, or infringes the rights of others;</li>
          <li>submit work that is plagiarised or that you have no right to publish;</li>
          <li>send unsolicited advertising or bulk messages;</li>
          <li>impersonate any person or misrepresent your affiliation with any person or organisation.</li>
        </ul>
      </Section>
      <Section id="indemnity" title="Indemnity">
        <p>
          You agree to indemnify and hold harmless {site}, its editors, reviewers and staff from any claim, loss or expense
          arising from your use of the website, your submissions, or your breach of these terms.
        </p>
      </Section>
      <Section id="liability" title="Limitation of Liability">
        <p>
          {site} and its editors are not liable for any direct or indirect loss arising from the use of, or inability to use,
          the website or the material published on it. The views in published articles are those of their authors.
        </p>
      </Section>
      <Section id="disclaimer" title="Disclaimer of Consequential Damages">
        <p>
          In no event shall {site} or its editors be liable for any incidental, special or consequential damages, including
          loss of profits, data or business, arising out of the use of the website or its content, even if advised of the
          possibility of such damages.
        </p>
      </Section>
    </div>
  );
}
