import { useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { download, saveBlob } from '@/lib/api-client';
import { articlePdfUrl, useArticleByRef } from '../api/public.api';
import { PageHead } from '../components/page-head';
import { splitAuthors } from '../lib/citation';

type Job = { key: string; url: string; filename: string };

/** docs/product.md#pdf-page: /pdf?refno=: the author's downloads; nothing shows until the record loads. */
export function PdfPage() {
  const [params] = useSearchParams();
  const refno = (params.get('refno') ?? '').trim();
  const q = useArticleByRef(refno || undefined);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  if (q.isError) console.error('record load failed', q.error);
  const a = q.data;
  if (!a)
    return (
      <div className="container pdf-page">
        <PageHead title="Download" path={null} noindex />
      </div>
    );

  const ref = encodeURIComponent(String(a.refnumber));
  async function run(job: Job) {
    setBusy(job.key);
    setFailed(null);
    try {
      const { blob } = await download(job.url);
      saveBlob(blob, job.filename);
    } catch (e) {
      console.error('download failed', e);
      setFailed(job.key);
    } finally {
      setBusy(null);
    }
  }
  const button = (job: Job, label: string) => (
    <>
      <button type="button" className="btn" disabled={busy !== null} aria-busy={busy === job.key} onClick={() => run(job)}>
        {busy === job.key ? 'Preparing…' : label}
      </button>
      {failed === job.key && (
        <span className="state-error inline" role="alert">
          The file could not be prepared. Please try again.
        </span>
      )}
    </>
  );
  const pdf = articlePdfUrl(a);

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
                <a className="btn" href={pdf} download={`article-${a.refnumber}.pdf`}>
                  Download Article
                </a>
              </td>
            </tr>
          )}
          {splitAuthors(a.authorname).map((author, i) => (
            <tr key={`${author}-${i}`}>
              <th scope="row">Certificate of {author}</th>
              <td>
                {button(
                  { key: `cert-${i}`, url: `/api/pdf/certificate/${ref}/${encodeURIComponent(author)}`, filename: `certificate-${a.refnumber}.pdf` },
                  'Download Certificate',
                )}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Cover Page</th>
            <td>{button({ key: 'cover', url: `/api/pdf/coverpage/${ref}`, filename: `coverpage-${a.refnumber}.pdf` }, 'Download Cover Page')}</td>
          </tr>
          <tr>
            <th scope="row">Editorial Board</th>
            <td>{button({ key: 'board', url: '/api/pdf/editorialboard', filename: 'Editorial-Board.pdf' }, 'Download Editorial Board')}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
