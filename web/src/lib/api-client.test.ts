import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { ApiError, createApiClient } from './api-client';

// A real server: 401 for /private, the JSON error shape for /bad, the request echoed otherwise.
const server = useJsonServer([
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
