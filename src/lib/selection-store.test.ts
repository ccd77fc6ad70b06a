import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTION_STORAGE_KEY } from './selection-store';

/** A fresh copy of the module, as a page load would get: it reads sessionStorage once. */
async function loadStore() {
  vi.resetModules();
  return (await import('./selection-store')).selectionStore;
}

afterEach(() => sessionStorage.clear());

describe('selectionStore', () => {
  it('starts from what the last page load stored', async () => {
    const stored = [
      { id: 'a', name: 'Matemática 9º A' },
      { id: 'b', name: 'Física 1º B' },
    ];
    sessionStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(stored));

    expect((await loadStore()).get()).toEqual(stored);
  });

  it.each([['not json'], ['{"id":"a"}'], ['[{"id":1,"name":"x"}]']])(
    'starts empty from a damaged stored value: %s',
    async (raw) => {
      sessionStorage.setItem(SELECTION_STORAGE_KEY, raw);

      expect((await loadStore()).get()).toEqual([]);
    },
  );

  it('adds each turma once, keeping the first name and the order of picking', async () => {
    const store = await loadStore();
    store.add([{ id: 'a', name: 'A' }]);
    store.add([
      { id: 'b', name: 'B' },
      { id: 'a', name: 'A renamed' },
      { id: 'b', name: 'B again' },
    ]);

    expect(store.get()).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]);
    expect(JSON.parse(sessionStorage.getItem(SELECTION_STORAGE_KEY)!)).toEqual(store.get());
  });

  it('removes by id, clears, and leaves no stored value when empty', async () => {
    const store = await loadStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.add([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]);

    store.remove(['a', 'unknown']);
    expect(store.get()).toEqual([{ id: 'b', name: 'B' }]);
    store.clear();

    expect(store.get()).toEqual([]);
    expect(sessionStorage.getItem(SELECTION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
