import { publicOriginOf } from '../src/public-origin';

const http = { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '' } as const;

describe('the public origin of absolute URLs', () => {
  it('keeps the port the reader used when the Host names the journal host', () => {
    expect(publicOriginOf({ host: 'localhost:8080', journalHost: 'localhost' }, http)).toBe('http://localhost:8080');
    expect(publicOriginOf({ host: 'Chem.Localhost:8080', journalHost: 'chem.localhost' }, http)).toBe('http://chem.localhost:8080');
  });
  it('drops default ports and a Host that names another host', () => {
    expect(publicOriginOf({ host: 'journal.example:80', journalHost: 'journal.example' }, http)).toBe('http://journal.example');
    expect(publicOriginOf({ host: 'evil.example:8080', journalHost: 'journal.example' }, http)).toBe('http://journal.example');
    expect(publicOriginOf({ host: 'journal.example:443', journalHost: 'journal.example' }, { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '' })).toBe('https://journal.example');
  });
  it('uses a fixed port when one is configured', () => {
    expect(publicOriginOf({ host: 'journal.example', journalHost: 'journal.example' }, { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' })).toBe('https://journal.example:8443');
  });
  it('never takes a malformed host or port', () => {
    expect(publicOriginOf({ host: 'localhost:80x', journalHost: 'localhost' }, http)).toBe('http://localhost');
    expect(publicOriginOf({ host: '<script>', journalHost: '"><x' }, http)).toBe('http://localhost');
    expect(publicOriginOf({ host: undefined, journalHost: undefined }, http)).toBe('http://localhost');
  });
});
