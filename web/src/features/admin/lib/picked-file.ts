import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@journal/contracts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const KINDS = {
  pdf: { ok: (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name), refused: 'Only PDF files are allowed' },
  image: { ok: (f: File) => IMAGE_TYPES.includes(f.type), refused: 'Only images are allowed' },
} as const;

/**
 * The file an admin form's file input holds, once checked before upload: one too large or of the
 * wrong kind is refused with an alert and the input cleared (null), as is no file. The services
 * check the content again on upload.
 */
export function pickedFile(input: HTMLInputElement, kind: keyof typeof KINDS): File | null {
  const f = input.files?.[0] ?? null;
  if (!f) return null;
  const problem = f.size > MAX_UPLOAD_BYTES ? FILE_TOO_LARGE_MESSAGE : KINDS[kind].ok(f) ? '' : KINDS[kind].refused;
  if (!problem) return f;
  window.alert(problem);
  input.value = '';
  return null;
}

/** The name an upload is sent under: letters, digits, '.', '-' and '_' only (`fallback` when none is left). */
export const uploadName = (file: File, fallback = 'upload') => file.name.replace(/[^\w.-]+/g, '_') || fallback;
