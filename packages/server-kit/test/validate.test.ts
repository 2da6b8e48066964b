import { z } from 'zod';
import { parse } from '../src/validate';

describe('parse at the service edge', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional(), notes: z.string().optional() });

  it('refuses NUL and bidi controls in any text, whatever the schema, with the field named', () => {
    for (const [input, path] of [
      [{ name: 'Ada\u0000' }, 'name'],
      [{ name: 'Ada', tags: ['ok', 'gpj.\u202eexe'] }, 'tags.1'],
      [{ name: 'Ada', notes: 'one\u2066two' }, 'notes'],
    ] as const) {
      expect(() => parse(schema, input)).toThrow(expect.objectContaining({ status: 400, code: 'validation_error', message: expect.stringMatching(new RegExp(`^${path.replace('.', '\\.')}: Text must not contain`)) }));
    }
  });

  it('keeps tabs and line breaks of multi-line text', () => {
    expect(parse(schema, { name: 'Ada', notes: 'line one\nline\ttwo\r\n' })).toEqual({ name: 'Ada', notes: 'line one\nline\ttwo\r\n' });
  });
});
