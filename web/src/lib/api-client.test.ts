import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { ApiError, createApiClient, withIdempotencyKeys } from './api-client';

const held: { release?: () => void } = {};
// A real server: 401 for /private, the JSON error shape for /bad, /held answers when the test lets it, the request echoed otherwise.
const server = useJsonServer([
  ['/held', () => new Promise((resolve) => (held.release = () => resolve(json({ made: 1 }, 201))))],
  ['/private', () => problem(401, 'unauthorized', 'Token expired')],
  ['/bad', () => problem(400, 'validation_error', 'Request is invalid', { details: [{ path: 'x', message: 'X is required' }] })],
  ['*', (req) => json({ method: req.method, url: req.url, type: req.headers['content-type'] ?? null, body: req.body })],
]);

describe('api client', () => {
  test('a 401 on an authenticated call runs the handler the client was built with', async () => {
    const ended = jest.fn();
    const client = createApiClient({ baseUrl: server.base, onUnauthorized: ended });
    await expect(client.get('/private', { auth: true })).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Token expired' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  test('calls that handle their own 401, or carry no token, leave the handler alone', async () => {
    const ended = jest.fn();
    const client = createApiClient({ baseUrl: server.base, onUnauthorized: ended });
    await expect(client.get('/private', { auth: true, handle401: false })).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/private')).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
  });

  test('two clients keep their own behaviour: nothing is shared between them', async () => {
    const admin = jest.fn();
    const worklog = jest.fn();
    const a = createApiClient({ baseUrl: server.base, onUnauthorized: admin });
    const w = createApiClient({ baseUrl: server.base, onUnauthorized: worklog });
    await w.get('/private', { auth: true }).catch(() => undefined);
    expect([admin.mock.calls.length, worklog.mock.calls.length]).toEqual([0, 1]);
    await a.get('/private', { auth: true }).catch(() => undefined);
    expect([admin.mock.calls.length, worklog.mock.calls.length]).toEqual([1, 1]);
  });

  test('an error answer becomes an ApiError with the code, message and body', async () => {
    const err = await createApiClient({ baseUrl: server.base }).post('/bad', { x: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_error', message: 'Request is invalid', body: { details: [{ path: 'x', message: 'X is required' }] } });
  });

  test('JSON bodies are sent as JSON with the method asked for', async () => {
    const client = createApiClient({ baseUrl: server.base });
    expect(await client.put('/echo', { status: 'urgent' })).toEqual({ method: 'PUT', url: '/echo', type: 'application/json', body: '{"status":"urgent"}' });
    expect(await client.delete('/echo/1')).toMatchObject({ method: 'DELETE', url: '/echo/1', body: '' });
  });
});

describe('a form client (idempotent writes)', () => {
  const keysSent = () => server.requests.map((r) => r.headers['idempotency-key']);

  test('a double submit sends one request with the key made when the form opened, and both get its answer', async () => {
    held.release = undefined;
    const form = withIdempotencyKeys(createApiClient({ baseUrl: server.base }));
    const first = form.post('/held', { title: 'A' });
    const second = form.post('/held', { title: 'A' });
    const arrived = async (): Promise<() => void> => held.release ?? (await new Promise((r) => setTimeout(r, 5)), arrived());
    (await arrived())();
    expect(await Promise.all([first, second])).toEqual([{ made: 1 }, { made: 1 }]);
    expect(server.requests).toHaveLength(1);
    expect(keysSent()[0]).toMatch(/^[a-f0-9]{32}$/);
  });

  test('a retry after an error keeps the key; other values or a save after a success get a new one', async () => {
    const form = withIdempotencyKeys(createApiClient({ baseUrl: server.base }));
    await form.post('/bad', { x: '' }).catch(() => undefined);
    await form.post('/bad', { x: '' }).catch(() => undefined);
    await form.post('/echo', { x: '1' });
    await form.post('/echo', { x: '1' });
    await form.post('/echo', { x: '2' });
    const [a, b, c, d, e] = keysSent();
    expect(a).toBe(b);
    expect(new Set([a, c, d, e]).size).toBe(4);
  });

  test('reads carry no key, and a plain client sends none', async () => {
    await withIdempotencyKeys(createApiClient({ baseUrl: server.base })).get('/echo');
    await createApiClient({ baseUrl: server.base }).post('/echo', {});
    expect(keysSent()).toEqual([undefined, undefined]);
  });
});
