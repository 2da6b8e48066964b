import { FILE_TOO_LARGE_MESSAGE } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { ReauthCancelled } from '@/components/reauth-prompt';

export const SOMETHING_WENT_WRONG = 'Something went wrong';

export { ReauthCancelled };

/** A code the page has its own text for ('Issue already exists'); undefined leaves the common rule. */
type FixedText = (err: ApiError) => string | undefined;

/**
 * What an admin page says when a call fails (docs/product.md#error-messages): nothing for a 401
 * (the app ends the session and says so) or a cancelled password prompt, the file-size text for a body over the limit, the page's
 * own text for a code it knows, the server's words for any other refusal (the first field's
 * message before the summary), 'Something went wrong' for the rest.
 */
export function failureMessage(err: unknown, fixed: FixedText = () => undefined): string | null {
  if (err instanceof ReauthCancelled) return null;
  if (!(err instanceof ApiError)) return SOMETHING_WENT_WRONG;
  if (err.status === 401) return null;
  if (err.status === 413) return FILE_TOO_LARGE_MESSAGE;
  const own = fixed(err);
  if (own) return own;
  if (err.status >= 500) return SOMETHING_WENT_WRONG;
  return err.details[0]?.message || err.message || SOMETHING_WENT_WRONG;
}

/** An `onError` that shows the failure's message (a flash, a form's error line), or nothing on 401. */
export const showFailure =
  (show: (message: string) => void, fixed?: FixedText) =>
  (err: unknown): void => {
    const m = failureMessage(err, fixed);
    if (m) show(m);
  };
