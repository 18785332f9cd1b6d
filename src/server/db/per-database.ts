import type { Database } from './client';

/**
 * One `T` per database, made on first use: a prepared statement (prepared once, then only
 * executed) or any state that belongs with one database.
 */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
