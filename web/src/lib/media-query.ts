import { atom, onMount, type ReadableAtom } from 'nanostores';

/**
 * A store of whether a CSS media query matches, live while something listens (`matchMedia`'s
 * `change` event). Where `matchMedia` is missing (Node, tests) it is `false` until set by hand.
 */
export function mediaQueryStore(
  query: string,
): ReadableAtom<boolean> & { set(value: boolean): void } {
  const list = globalThis.matchMedia?.(query);
  const store = atom(list?.matches ?? false);
  onMount(store, () => {
    if (!list) return;
    store.set(list.matches);
    const onChange = (event: MediaQueryListEvent) => store.set(event.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  });
  return store;
}
