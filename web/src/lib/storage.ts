import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/** A small async key-value store for the web app's persisted state (settings, key vaults, topics). */
export interface KeyValueStorage {
  /** The value stored under `key`, or undefined. */
  get<T>(key: string): Promise<T | undefined>;
  /** Store a structured-cloneable value under `key`. */
  set(key: string, value: unknown): Promise<void>;
  /** Remove `key` (no error when it is absent). */
  del(key: string): Promise<void>;
  /** Every stored key. */
  keys(): Promise<string[]>;
}

/**
 * Storage backed by IndexedDB through idb-keyval (database `manifold`, object store `kv` by
 * default). The database is opened on first use, so creating one is safe where IndexedDB is
 * missing until a method is called.
 */
export function createIndexedDbStorage(dbName = 'manifold', storeName = 'kv'): KeyValueStorage {
  let store: UseStore | undefined;
  const useStore = (): UseStore => (store ??= createStore(dbName, storeName));
  return {
    get: <T>(key: string) => get<T>(key, useStore()),
    set: (key, value) => set(key, value, useStore()),
    del: (key) => del(key, useStore()),
    keys: async () => (await keys<IDBValidKey>(useStore())).map((key) => String(key)),
  };
}

/**
 * Storage in memory, for tests and for browsers where IndexedDB is unavailable (private mode).
 * Values are structured-cloned on the way in and out, as IndexedDB does.
 */
export function createMemoryStorage(initial: Record<string, unknown> = {}): KeyValueStorage {
  const data = new Map<string, unknown>(
    Object.entries(initial).map(([key, value]) => [key, structuredClone(value)]),
  );
  return {
    get: async <T>(key: string) =>
      data.has(key) ? (structuredClone(data.get(key)) as T) : undefined,
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
  };
}

/**
 * The IndexedDB storage when the runtime has IndexedDB, else an in-memory one (nothing persists).
 */
export function createDefaultStorage(): KeyValueStorage {
  return typeof globalThis.indexedDB === 'undefined'
    ? createMemoryStorage()
    : createIndexedDbStorage();
}
