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
