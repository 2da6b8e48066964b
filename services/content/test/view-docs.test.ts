import { checkView, type HeadView } from '../src/views/view-docs';

const head: HeadView = {
  journal: { id: 'j1', slug: 'chem' } as HeadView['journal'],
  editors: [{ id: 'e1', status: 'enabled' } as HeadView['editors'][number]],
  indexing: [],
  issues: [{ id: 'i1', year: 2024, volume: 3, issue: 1, frequency: 'january-march' }],
  stats: { '2024/3/1': { n: 20, m: 'January-March' } },
  counts: { '2024/3/1': 21 },
  files: { '/assets/logo.png': 'abc123' },
  complete: true,
};

/** The head with one field replaced (JSON: what a stored document can hold). */
const headWith = (patch: Record<string, unknown>) => JSON.stringify({ ...head, ...patch });

describe('the stored head view is checked field by field', () => {
  test('a head as the views write it passes, with fields of its own kept', () => {
    expect(checkView('head', JSON.stringify(head))).toEqual(head);
    expect(checkView('head', headWith({ journal: null, extra: 1 }))).not.toBeNull();
  });

  test.each([
    ['not JSON', 'not json'],
    ['an array', '[]'],
    ['no completion flag', headWith({ complete: undefined })],
    ['a journal without its slug', headWith({ journal: { id: 'j1' } })],
    ['editors as an object', headWith({ editors: {} })],
    ['an indexing partner without its status', headWith({ indexing: [{ id: 'x' }] })],
    ['an issue year as text', headWith({ issues: [{ ...head.issues[0], year: '2024' }] })],
    ['an issue stat of no articles', headWith({ stats: { '2024/3/1': { n: 0, m: '' } } })],
    ['an issue stat without its month', headWith({ stats: { '2024/3/1': { n: 3 } } })],
    ['a count that is not a whole number', headWith({ counts: { '2024/3/1': 1.5 } })],
    ['counts as a list', headWith({ counts: [1] })],
    ['a file version that is a number', headWith({ files: { '/a.png': 7 } })],
  ])('%s fails', (_name, json) => {
    expect(checkView('head', json)).toBeNull();
  });
});
