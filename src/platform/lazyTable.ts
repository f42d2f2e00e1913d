// A table made on its first read (platform/constants.ts's COMMANDS and VIEWS), apart from the
// loaders of lazy.ts, which every bundle imports for `once`.

import { once } from './lazy';

/**
 * A table (a plain object of data) made on its first read, then kept: reading a key, testing one
 * (`in`) or listing them (Object.keys, a spread, JSON) makes it, and each answers as the table
 * itself would. For a table a module exports that activation does not read, which made at load
 * would cost every window's start (platform/constants.ts's COMMANDS and VIEWS).
 */
export function lazyTable<T extends object>(make: () => T): T {
  const table = once(make);
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(table(), key) as unknown,
    has: (_, key) => Reflect.has(table(), key),
    ownKeys: () => Reflect.ownKeys(table()),
    // A proxy may report a key its (empty) target lacks only as configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(table(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: (_, key, value) => Reflect.set(table(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(table(), key),
  });
}
