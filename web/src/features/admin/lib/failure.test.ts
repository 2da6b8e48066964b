import { ApiError } from '@/lib/api-client';
import { failureMessage, showFailure } from './failure';

const refused = (status: number, code: string, message: string, details?: unknown) => new ApiError(status, code, message, { error: code, message, details });

describe('failureMessage', () => {
  it('says nothing for a 401: the app ends the session and says so', () => {
    expect(failureMessage(refused(401, 'unauthorized', 'Token expired'))).toBeNull();
  });

  it('gives the file-size text for any body over the limit, whatever the server called it', () => {
    expect(failureMessage(refused(413, 'payload_too_large', 'Body is too large'))).toBe('File size exceeds the limit of 5 MB');
  });

  it("puts the page's own text for a code before the server's words", () => {
    const own = (e: ApiError) => (e.code === 'duplicate_issue' ? 'Issue already exists' : undefined);
    expect(failureMessage(refused(409, 'duplicate_issue', 'Issue exists'), own)).toBe('Issue already exists');
    expect(failureMessage(refused(409, 'other', 'Taken'), own)).toBe('Taken');
  });

  it("shows a refusal's first field message before the summary", () => {
    const err = refused(400, 'validation_error', 'Request is invalid', [{ path: 'title', message: 'Title is required' }, { path: 'link', message: 'Bad link' }]);
    expect(failureMessage(err)).toBe('Title is required');
    expect(failureMessage(refused(400, 'validation_error', 'Request is invalid', 'not a list'))).toBe('Request is invalid');
  });

  it("says 'Something went wrong' for a server failure or anything that is not an API answer", () => {
    expect(failureMessage(refused(502, 'upstream', 'Bad gateway'))).toBe('Something went wrong');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong');
    expect(failureMessage(refused(400, 'x', ''))).toBe('Something went wrong');
  });
});

describe('showFailure', () => {
  it('shows the message, and nothing on 401', () => {
    const shown: string[] = [];
    const onError = showFailure((m) => shown.push(m));
    onError(refused(401, 'unauthorized', 'x'));
    onError(refused(404, 'not_found', 'Editor not found'));
    expect(shown).toEqual(['Editor not found']);
  });
});
