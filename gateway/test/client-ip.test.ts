import type { IncomingMessage } from 'node:http';
import { clientIp, makeTrustCheck } from '../src/client-ip';

const req = (peer: string, realIp?: string) => ({ socket: { remoteAddress: peer }, headers: realIp ? { 'x-real-ip': realIp } : {} }) as unknown as IncomingMessage;

describe('trusted proxies and the client address', () => {
  it('trusts listed addresses and blocks, IPv4-mapped ones too, and answers the same when asked again', () => {
    const trusted = makeTrustCheck('127.0.0.1,10.1.0.0/16,::1');
    for (let round = 0; round < 2; round++) {
      expect(trusted('127.0.0.1')).toBe(true);
      expect(trusted('::ffff:10.1.2.3')).toBe(true);
      expect(trusted('::1')).toBe(true);
      expect(trusted('10.2.0.1')).toBe(false);
      expect(trusted('')).toBe(false);
      expect(trusted('not an address')).toBe(false);
    }
  });

  it('keeps answering right past the memo\'s size', () => {
    const trusted = makeTrustCheck('10.0.0.0/8');
    for (let i = 0; i < 10_050; i++) expect(trusted(`10.0.${i >> 8}.${i & 255}`)).toBe(true);
    expect(trusted('192.0.2.1')).toBe(false);
  });

  it('believes X-Real-IP only from a trusted proxy, and only when it is an address', () => {
    expect(clientIp(req('127.0.0.1', '203.0.113.5'), true)).toBe('203.0.113.5');
    expect(clientIp(req('198.51.100.7', '203.0.113.5'), false)).toBe('198.51.100.7');
    expect(clientIp(req('::ffff:127.0.0.1', 'junk'), true)).toBe('127.0.0.1');
  });
});
