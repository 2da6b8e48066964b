import { useState } from 'react';

/** The rows ticked in a list with a 'Select all' box, by id. */
export function useSelection(ids: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(ids));
  const clear = () => setSelected(new Set());
  /** The ticked ids in list order, whatever order they were ticked in. */
  const inOrder = ids.filter((id) => selected.has(id));
  return { selected, allSelected, toggle, toggleAll, clear, inOrder };
}
