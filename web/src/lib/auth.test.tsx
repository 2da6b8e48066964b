/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import { ApiClientProvider, ApiError, createApiClient } from './api-client';
import { useVerifiedSession } from './auth';
import { getSession, SESSION_KEY } from './session';

// A real auth endpoint: 'good' verifies (under the name the server knows), anything else is 401.
let server: http.Server;
let base = '';
const seen: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(`${req.method} ${req.url} ${auth}`);
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    if (auth === 'Bearer good') res.writeHead(200).end(JSON.stringify({ valid: true, user: { id: 'u1', name: 'Ravi Kumar' } }));
    else res.writeHead(401).end(JSON.stringify({ error: 'unauthorized', message: 'Token expired' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
});

function Probe() {
  const check = useVerifiedSession();
  if (check.state === 'ok') return <p>ok {check.session.user.name}</p>;
  if (check.state === 'failed') return <p>failed {check.error instanceof ApiError ? check.error.status : '?'}</p>;
  return <p>{check.state}</p>;
}

const show = () => {
  const ended = jest.fn();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base, onUnauthorized: ended })}>
      <Probe />
    </ApiClientProvider>,
  );
  return ended;
};

describe('session verification', () => {
  test('no stored session: none, and nothing is asked', async () => {
    show();
    expect(screen.getByText('none')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  test('a session the server verifies: ok, under the name the server knows', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'good', user: { id: 'u1', name: 'ravi' } }));
    show();
    expect(screen.getByText('checking')).toBeTruthy();
    await screen.findByText('ok Ravi Kumar');
    expect(seen).toEqual(['GET /auth/verify-token/ Bearer good']);
    expect(getSession()?.user.name).toBe('Ravi Kumar');
  });

  test("a session the server refuses is cleared; the shell decides, not the client's 401 handler", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'stale', user: { id: 'u1', name: 'ravi' } }));
    const ended = show();
    await screen.findByText('failed 401');
    expect(getSession()).toBeNull();
    expect(ended).not.toHaveBeenCalled();
  });
});
