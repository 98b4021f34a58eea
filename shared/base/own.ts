// Lookups of user text in plain objects, by own property only: "constructor", "__proto__" or
// "toString" typed in a cell must never find what Object.prototype holds.

// Object.hasOwn is ES2022: not in every Excel web view, nor certainly in Apps Script.
export const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);

/** The value under `key` when the object holds it itself, else undefined. */
export const ownValue = <T>(obj: Readonly<Record<string, T>>, key: string): T | undefined => (hasOwn(obj, key) ? obj[key] : undefined);

/** Store `value` under `key` as the object's own field, even for "__proto__" (an assignment would
 *  set the object's prototype instead, and the key would vanish). */
export function setOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `{ ...base, ...fields }` for MDQ's own plain objects on a call's hot path (never an answer's
 *  records: Object.assign would take a "__proto__" key for the prototype). For ES2017, the Excel
 *  bundle's target, esbuild lowers a property written after a spread into a copy of every property
 *  descriptor (getOwnPropertyDescriptors, defineProperties): ~12% of a cached recalculation's CPU
 *  at 10,000 formulas. This is one native copy. */
export const withFields = <A extends object, B extends object>(base: A, fields: B): Omit<A, keyof B> & B => Object.assign({}, base, fields);
