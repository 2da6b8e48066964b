import { useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { saveBlob, useApiClient } from '@/lib/api-client';
import { articlePdfFilename, downloadDocument, publicPdfRequests as pdfRequests, type PdfRequest } from '@/lib/pdf/pdf.api';
import { articlePdfUrl, useArticleByRef } from '../api/public.api';
import { PageHead } from '../components/page-head';
import { WithdrawalNotice } from '../components/withdrawal-notice';
import { splitAuthors } from '@journal/contracts/text.rules';

/** docs/product.md#pdf-page: /pdf?refno=: the author's downloads; nothing shows until the record loads. */
export function PdfPage() {
  const [params] = useSearchParams();
  const refno = (params.get('refno') ?? '').trim();
  const q = useArticleByRef(refno || undefined);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const client = useApiClient();

  if (q.isError) console.error('record load failed', q.error);
  const a = q.data;
  if (!a)
    return (
      <div className="container pdf-page">
        <PageHead title="Download" path={null} noindex />
      </div>
    );

  async function run(key: string, req: PdfRequest) {
    setBusy(key);
    setFailed(null);
    try {
      const { blob } = await downloadDocument(client, req);
      saveBlob(blob, req.filename);
    } catch (e) {
      console.error('download failed', e);
      setFailed(key);
    } finally {
      setBusy(null);
    }
  }
  // A real link to the document (it works without JavaScript); the script fetches it in place to
  // show that it is being prepared and to report a failure.
  const button = (key: string, req: PdfRequest, label: string) => (
    <>
      <a
        className="btn"
        href={req.path}
        download={req.filename}
        aria-disabled={busy !== null}
        aria-busy={busy === key}
        onClick={(e) => {
          e.preventDefault();
          if (busy === null) void run(key, req);
        }}
      >
        {busy === key ? 'Preparing…' : label}
      </a>
      {failed === key && (
        <span className="state-error inline" role="alert">
          The file could not be prepared. Please try again.
        </span>
      )}
    </>
  );
  const pdf = articlePdfUrl(a);
  if (a.withdrawal?.kind === 'withdrawn') {
    // docs/product.md#withdrawals: a withdrawn article has no documents left, only its notice.
    return (
      <div className="container narrow pdf-page">
        <PageHead title="Download" path={null} noindex />
        <WithdrawalNotice withdrawal={a.withdrawal} />
        <p>
          <Link to={paths.article(a.year, a.volume, a.issue, a.refnumber)}>View Article</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container narrow pdf-page">
      <PageHead title="Download" path={null} noindex />
      <h1 className="pdf-heading">Download your Artcle, Certificate, Cover Page, Editorial Board</h1>
      <table className="data-table pdf-table">
        <caption className="visually-hidden">Downloads for article {String(a.refnumber)}</caption>
        <tbody>
          <tr>
            <th scope="row">Article</th>
            <td>
              <Link className="btn btn-outline" to={paths.article(a.year, a.volume, a.issue, a.refnumber)}>
                View Article
              </Link>
            </td>
          </tr>
          {pdf && (
            <tr>
              <th scope="row">Article PDF</th>
              <td>
                <a className="btn" href={pdf} download={articlePdfFilename(a.refnumber)}>
                  Download Article
                </a>
              </td>
            </tr>
          )}
          {splitAuthors(a.authorname).map((author, i) => (
            <tr key={`${author}-${i}`}>
              <th scope="row">Certificate of {author}</th>
              <td>
                {button(`cert-${i}`, pdfRequests.certificate(a.refnumber, author), 'Download Certificate')}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Cover Page</th>
            <td>{button('cover', pdfRequests.coverPage(a.refnumber), 'Download Cover Page')}</td>
          </tr>
          <tr>
            <th scope="row">Editorial Board</th>
            <td>{button('board', pdfRequests.editorialBoard(), 'Download Editorial Board')}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
