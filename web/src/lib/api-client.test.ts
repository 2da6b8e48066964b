import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient } from './api-client';

// A real server: 401 for /private, the JSON error shape for /bad, the request echoed otherwise.
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/private') res.writeHead(401).end(JSON.stringify({ error: 'unauthorized', message: 'Token expired' }));
      else if (req.url === '/bad') res.writeHead(400).end(JSON.stringify({ error: 'validation_error', message: 'Request is invalid', details: [{ path: 'x', message: 'X is required' }] }));
      else res.writeHead(200).end(JSON.stringify({ method: req.method, url: req.url, type: req.headers['content-type'] ?? null, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api client', () => {
  test('a 401 on an authenticated call runs the handler the client was built with', async () => {
    const ended = jest.fn();
    const client = createApiClient({ baseUrl: base, onUnauthorized: ended });
    await expect(client.get('/private', { auth: true })).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Token expired' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  test('calls that handle their own 401, or carry no token, leave the handler alone', async () => {
    const ended = jest.fn();
    const client = createApiClient({ baseUrl: base, onUnauthorized: ended });
    await expect(client.get('/private', { auth: true, handle401: false })).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/private')).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
  });

  test('two clients keep their own behaviour: nothing is shared between them', async () => {
    const admin = jest.fn();
    const worklog = jest.fn();
    const a = createApiClient({ baseUrl: base, onUnauthorized: admin });
    const w = createApiClient({ baseUrl: base, onUnauthorized: worklog });
    await w.get('/private', { auth: true }).catch(() => undefined);
    expect([admin.mock.calls.length, worklog.mock.calls.length]).toEqual([0, 1]);
    await a.get('/private', { auth: true }).catch(() => undefined);
    expect([admin.mock.calls.length, worklog.mock.calls.length]).toEqual([1, 1]);
  });

  test('an error answer becomes an ApiError with the code, message and body', async () => {
    const err = await createApiClient({ baseUrl: base }).post('/bad', { x: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_error', message: 'Request is invalid', body: { details: [{ path: 'x', message: 'X is required' }] } });
  });

  test('JSON bodies are sent as JSON with the method asked for', async () => {
    const client = createApiClient({ baseUrl: base });
    expect(await client.put('/echo', { status: 'urgent' })).toEqual({ method: 'PUT', url: '/echo', type: 'application/json', body: '{"status":"urgent"}' });
    expect(await client.delete('/echo/1')).toMatchObject({ method: 'DELETE', url: '/echo/1', body: '' });
  });
});
