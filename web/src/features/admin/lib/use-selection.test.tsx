/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection';

describe('useSelection', () => {
  it('ticks rows, selects all and none, and gives the ticked ids in list order', () => {
    const { result, rerender } = renderHook(({ ids }) => useSelection(ids), { initialProps: { ids: ['a', 'b', 'c'] } });
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('a'));
    expect(result.current.inOrder).toEqual(['a', 'c']);
    expect(result.current.allSelected).toBe(false);
    act(() => result.current.toggleAll());
    expect(result.current.allSelected).toBe(true);
    act(() => result.current.toggleAll());
    expect(result.current.inOrder).toEqual([]);
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('b'));
    expect(result.current.selected.size).toBe(0);
    // A row that left the list is not among the ticked ones.
    act(() => result.current.toggle('b'));
    rerender({ ids: ['a', 'c'] });
    expect(result.current.inOrder).toEqual([]);
    expect(result.current.allSelected).toBe(false);
  });
});
