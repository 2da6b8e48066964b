import { isWebsite } from '@journal/contracts/website.rules';
import { PageTitle } from '@/components/page-title';
import { PageHead } from '../components/page-head';
import { useJournal } from '../components/use-journal';
import { whatsappLink } from '../lib/display';
import { publisherAddress } from '../lib/site';

/** docs/product.md#public-routes: /contact: address, email, WhatsApp with a prefilled query, the review link, owner notice per flag. */
export function ContactPage() {
  const { settings, flags, name } = useJournal();
  const email = settings?.websiteemail ?? '';
  // docs/product.md#public-routes: the settings' review link, when it is a web address.
  const review = (settings?.google_review_link ?? '').trim();
  const reviewLink = /^https?:\/\//i.test(review) && isWebsite(review) ? review : '';
  const showOwner = !flags.hideOwnerNotice && (flags.ownerNotice || flags.ownerLink);
  return (
    <div className="container narrow">
      <PageHead title="Contact" />
      <PageTitle>CONTACT US</PageTitle>
      <div className="contact-grid">
        <section className="card" aria-labelledby="c-address">
          <h2 id="c-address">Publisher Address</h2>
          <address>
            {name && (
              <>
                {name}
                <br />
              </>
            )}
            {publisherAddress(settings?.address).map((l) => (
              <span key={l}>
                {l}
                <br />
              </span>
            ))}
          </address>
        </section>
        <section className="card" aria-labelledby="c-email">
          <h2 id="c-email">Submit Your Article</h2>
          <p>Send your article to</p>
          {email ? (
            <a className="submit-email" href={`mailto:${email}`}>
              {email}
            </a>
          ) : (
            <p>—</p>
          )}
        </section>
        {settings?.whatsup_number && (
          <section className="card" aria-labelledby="c-whatsapp">
            <h2 id="c-whatsapp">WhatsApp</h2>
            <p>Have a question? Chat with us on WhatsApp.</p>
            <a className="btn btn-whatsapp" href={whatsappLink(settings.whatsup_number, name)} target="_blank" rel="noopener noreferrer">
              Chat on WhatsApp: {settings.whatsup_number}
            </a>
          </section>
        )}
        {reviewLink && (
          <section className="card" aria-labelledby="c-review">
            <h2 id="c-review">Review Us</h2>
            <p>Published with us? Tell other authors about it.</p>
            <a className="btn" href={reviewLink} target="_blank" rel="noopener noreferrer">
              Review us on Google
            </a>
          </section>
        )}
      </div>
      {showOwner && (
        <section className="owner-notice" aria-label="Owner notice">
          {flags.ownerNotice && <p>{flags.ownerNotice}</p>}
          {flags.ownerLink && (
            <p>
              <a href={flags.ownerLink} target="_blank" rel="noopener noreferrer">
                {flags.ownerLink}
              </a>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
