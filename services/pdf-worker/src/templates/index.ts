import type { JobPayload } from '../pdf.types';
import { certificatesHtml, editorCertificatesHtml, reviewerCertificatesHtml } from './certificate.template';
import { coverPageHtml, editorialBoardHtml, indexPageHtml } from './documents.template';

export { TEMPLATE_VERSION } from './base';
export { certificatesHtml, editorCertificatesHtml, reviewerCertificatesHtml };

/** HTML of a one-document job (bulk jobs are printed in batches by the processor). */
export function singleDocumentHtml(p: JobPayload): { html: string; landscape: boolean } {
  switch (p.kind) {
    case 'certificate':
      return { html: certificatesHtml(p.journal, p.items), landscape: true };
    case 'reviewercertificate':
      return { html: reviewerCertificatesHtml(p.journal, p.items), landscape: true };
    case 'coverpage':
      return { html: coverPageHtml(p.journal, p.article), landscape: false };
    case 'indexpage':
      return { html: indexPageHtml(p.journal, p.articles), landscape: false };
    case 'editorialboard':
      return { html: editorialBoardHtml(p.journal, p.editors, p.showContacts), landscape: false };
    default:
      throw new Error(`${p.kind} is not a one-document job`);
  }
}
