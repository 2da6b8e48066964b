import { download, saveBlob } from '@/lib/api-client';

/**
 * The admin's document actions (spec §7). The PDF pipeline answers with the file; the names are
 * the spec's whatever the server suggests.
 */
export async function downloadDocument(path: string, body: unknown, filename: string): Promise<void> {
  const { blob } = await download(path, { method: 'POST', body, auth: true });
  saveBlob(blob, filename);
}

export const indexPage = (refnumbers: string[]) => downloadDocument('/api/pdf/indexpage', { refnumbers }, 'Index-Page.pdf');
export const bulkCertificates = (refnumbers: string[]) => downloadDocument('/api/pdf/bulkcertificates', { refnumbers }, 'Certificates.zip');
export const editorsCertificate = (ids: string[]) => downloadDocument('/api/pdf/editorscertificate', { ids }, 'Editors-Certificate.zip');
