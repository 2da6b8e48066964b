import { normaliseHost, publicOriginOf } from '../src/public-origin';

const http = { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '' } as const;

describe('the one normal form of a host', () => {
  it('is lower case, without port or trailing dot', () => {
    expect(normaliseHost('Chem.Localhost')).toBe('chem.localhost');
    expect(normaliseHost('chem.localhost.')).toBe('chem.localhost');
    expect(normaliseHost('CHEM.localhost.:8080')).toBe('chem.localhost');
    expect(normaliseHost(' localhost:80 ')).toBe('localhost');
  });
  it('is undefined for anything that is not one host name', () => {
    for (const bad of ['', 'a b', 'a/b', 'user@host', '[::1]:80', '*.example.org', 'a..b', 'host:port', '-x.example', 'x'.repeat(254), undefined, null]) {
      expect(normaliseHost(bad)).toBeUndefined();
    }
  });
});

describe('the public origin of absolute URLs', () => {
  it('is the journal host with the configured scheme and port', () => {
    expect(publicOriginOf('localhost', { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicOriginOf('Chem.Localhost.', { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '8080' })).toBe('http://chem.localhost:8080');
    expect(publicOriginOf('journal.example', { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' })).toBe('https://journal.example:8443');
    expect(publicOriginOf('journal.example', { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '' })).toBe('https://journal.example');
  });
  it('drops the scheme default port', () => {
    expect(publicOriginOf('journal.example', { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '80' })).toBe('http://journal.example');
    expect(publicOriginOf('journal.example', { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '443' })).toBe('https://journal.example');
  });
  it('never takes a port from the host it is given, nor a malformed host', () => {
    expect(publicOriginOf('journal.example:9999', http)).toBe('http://journal.example');
    expect(publicOriginOf('"><x', http)).toBe('http://localhost');
    expect(publicOriginOf(undefined, http)).toBe('http://localhost');
    expect(publicOriginOf('localhost', { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '80x' })).toBe('http://localhost');
  });
});
