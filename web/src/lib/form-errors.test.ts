import { z } from 'zod';
import { firstProblem, problemsByField } from './form-errors';

const schema = z.object({
  title: z.string().min(1, 'Title is required').max(3, 'Title is too long').regex(/^[a-z]*$/, 'Lower case only'),
  flags: z.object({ link: z.string().url('Link must be an address') }),
});

describe('form errors', () => {
  it('gives the first problem, and each field its first one by dotted path', () => {
    const r = schema.safeParse({ title: 'ABCD', flags: { link: 'x' } });
    if (r.success) throw new Error('expected a refusal');
    expect(firstProblem(r.error)).toBe('Title is too long');
    expect(problemsByField(r.error)).toEqual({ title: 'Title is too long', 'flags.link': 'Link must be an address' });
  });
});
