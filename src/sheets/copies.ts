// Copies of the answers that outlive CacheService. Sheets keeps an answer for its lifetime and then
// days more for failed refreshes (STALE_SECONDS, answers.ts: a tracker opened the next morning
// while the service is down shows its last tables), but CacheService keeps an item 6 h at most,
// may drop it sooner and keeps only 900 when more than 1,000 are written: on its own it would give
// QUARTERLY or LIST no stale window at all. So each answer is also kept in this spreadsheet's
// Document Properties, a store that lasts, which a custom function may write (Google's
// custom-function guide restricts only user properties) and which holds nothing else of MDQ's (the
// settings are Script Properties, read by every formula: copies there would be read with them).
// Its limits shape this file: 9 KB a value, 500 KB a store, and a daily quota of Properties calls
// (50,000 on a consumer account) that the settings' reads also spend.
//   - a copy is the entry gzipped and in base64, in at most MAX_PARTS values of PART_CHARS; a larger
//     answer gets no copy (CacheService alone keeps it);
//   - an execution reads the store at most once (all of it, at its first CacheService miss) and
//     writes it at most once (its copies together, when the call ends);
//   - when Google refuses a write (the store is full), copies are dropped, Clear cache's older
//     generations and those past their end first, then those closest to their end, down to
//     STORE_TARGET_BYTES, and the store is written again once, whole;
//   - executions run side by side, and a store written whole drops whatever was written since it
//     was read: every write is made under the script lock (lock.ts), the sweep's read too: the
//     lock is held for the write, and when Google refuses it, taken again for one read and one write;
//   - a copy carries its end, its number of parts and a hash of the whole, so parts of two writes
//     never make one answer.
// A failure of the store is a copy not kept or not found, never the reason a formula fails.
import { hash53, utf8Bytes } from "../../shared";
import { gas, type ScriptProperties } from "./apps-script";
import { LOCK_WAIT_MS, underScriptLock } from "./lock";

/** Characters of base64 in one value: under Google's 9 KB with room for the name and header. */
export const PART_CHARS = 8000;
export const MAX_PARTS = 4;
/** The largest compressed answer kept. */
export const COPY_MAX_CHARS = PART_CHARS * MAX_PARTS;
/** Google's limit on a store: names and values together. */
export const STORE_LIMIT_BYTES = 500 * 1024;
/** What a full store is brought down to, so that it is not swept again at the next write. */
export const STORE_TARGET_BYTES = 400 * 1024;

const PREFIX = "mdq~";

export interface Copy {
  /** The entry as the core stored it. */
  text: string;
  /** Until when it is kept (ms since the epoch). */
  keepUntil: number;
}

const pack = (text: string): string => {
  const u = gas().Utilities;
  return u.base64Encode(u.gzip(u.newBlob(text)).getBytes());
};

const unpack = (data: string): string => {
  const u = gas().Utilities;
  return u.ungzip(u.newBlob(u.base64Decode(data), "application/x-gzip")).getDataAsString();
};

/** One copy's values by name: `mdq~<generation>~<id>` holds the header and the first part. */
function valuesOf(name: string, data: string, keepUntil: number): Record<string, string> {
  const parts = Array.from({ length: Math.ceil(data.length / PART_CHARS) }, (_, i) => data.slice(i * PART_CHARS, (i + 1) * PART_CHARS));
  const values: Record<string, string> = { [name]: `${keepUntil}~${parts.length}~${hash53(data)}~${parts[0]}` };
  for (let i = 1; i < parts.length; i++) values[`${name}~${i}`] = parts[i];
  return values;
}

/** A copy in a store, as the sweep weighs it. */
interface Held {
  names: string[];
  bytes: number;
  /** 0 when it is never read again (another generation, or unreadable). */
  keepUntil: number;
}

export class AnswerCopies {
  private snapshot?: Record<string, string>;
  private staged: Record<string, { values: Record<string, string>; keepUntil: number }> = {};

  private readonly generation: string;

  constructor(
    private readonly store: ScriptProperties | null,
    generation: string,
  ) {
    // "~" separates the parts of a name; a generation typed by hand in Script Properties may hold one.
    this.generation = generation.replace(/~/g, "-");
  }

  private nameOf(key: string): string {
    // Two hashes of the key (about 100 bits): the key itself (up to 200 characters) would take
    // room a copy needs.
    return `${PREFIX}${this.generation}~${hash53(key)}${hash53(key.split("").reverse().join(""))}`;
  }

  private read(): Record<string, string> {
    if (!this.snapshot) {
      try {
        this.snapshot = this.store?.getProperties() ?? {};
      } catch {
        this.snapshot = {};
      }
    }
    return this.snapshot;
  }

  /** The copy of an entry, or undefined when there is none still kept. */
  get(key: string): Copy | undefined {
    if (!this.store) return undefined;
    const all = this.read();
    const name = this.nameOf(key);
    const head = all[name];
    if (typeof head !== "string") return undefined;
    try {
      const [keepUntil, count, hash] = head.split("~", 3);
      if (!(Number(keepUntil) > Date.now()) || !(Number(count) <= MAX_PARTS)) return undefined;
      const parts = [head.slice(keepUntil.length + count.length + hash.length + 3)];
      for (let i = 1; i < Number(count); i++) parts.push(all[`${name}~${i}`]);
      if (parts.some((p) => typeof p !== "string")) return undefined;
      const data = parts.join("");
      return hash53(data) === hash ? { text: unpack(data), keepUntil: Number(keepUntil) } : undefined;
    } catch {
      // Damaged: no copy.
      return undefined;
    }
  }

  /** Keep a copy of an entry until `keepUntil`; written with the others by `flush`. */
  stage(key: string, text: string, keepUntil: number): void {
    if (!this.store) return;
    try {
      const data = pack(text);
      if (data.length > COPY_MAX_CHARS) return;
      this.staged[this.nameOf(key)] = { values: valuesOf(this.nameOf(key), data, keepUntil), keepUntil };
    } catch {
      // Compression failed: this answer has no copy, CacheService still has it.
    }
  }

  /** Write the staged copies, in one call. A full store is swept: read and rewritten whole, which
   *  would drop a copy another formula wrote between the two calls; so every write of the store is
   *  made under the script lock (the write; when it is refused, the lock taken again for the
   *  sweep's read and write), and the sweep reads the store there, not this execution's snapshot. */
  flush(deadline = Number.POSITIVE_INFINITY): void {
    const store = this.store;
    const staged = this.staged;
    this.staged = {};
    if (!store || Object.keys(staged).length === 0) return;
    const values = Object.assign({}, ...Object.values(staged).map((s) => s.values));
    // The lock is waited for as long as a claim waits for it, never past the call's budget: a copy
    // is not worth the cell's answer (past it, the store is written without the lock, as lock.ts does).
    const wait = () => Math.max(0, Math.min(LOCK_WAIT_MS, deadline - Date.now()));
    const written = underScriptLock(() => {
      try {
        store.setProperties(values);
        return true;
      } catch {
        // The store is full (or the write was refused): make room, then try once more.
        return false;
      }
    }, wait());
    if (written) return;
    underScriptLock(() => {
      try {
        store.setProperties(this.kept(store.getProperties(), staged), true);
      } catch {
        // Not kept: the copies are lost, the answers are still in CacheService.
      }
    }, wait());
  }

  /** The store as it should be after a sweep: what fits in STORE_TARGET_BYTES, the copies that
   *  stay longest kept first, and whatever is not MDQ's untouched. */
  private kept(all: Record<string, string>, staged: Record<string, { values: Record<string, string>; keepUntil: number }>) {
    const size = (name: string, value: string) => utf8Bytes(name) + utf8Bytes(value);
    const own = `${PREFIX}${this.generation}~`;
    const result: Record<string, string> = {};
    let budget = STORE_TARGET_BYTES;
    const held = new Map<string, Held>();
    for (const [name, value] of Object.entries(all)) {
      if (!name.startsWith(PREFIX)) {
        result[name] = value;
        budget -= size(name, value);
        continue;
      }
      // Parts (`<name>~<i>`) go with their copy: a name of MDQ's has three "~" before any part.
      const copy = name.split("~").slice(0, 3).join("~");
      const entry = held.get(copy) ?? { names: [], bytes: 0, keepUntil: 0 };
      entry.names.push(name);
      entry.bytes += size(name, value);
      if (name === copy && name.startsWith(own)) entry.keepUntil = Number(value.split("~", 1)[0]) || 0;
      held.set(copy, entry);
    }
    for (const [name, s] of Object.entries(staged)) {
      held.set(name, {
        names: Object.keys(s.values),
        bytes: Object.entries(s.values).reduce((n, [k, v]) => n + size(k, v), 0),
        keepUntil: s.keepUntil,
      });
    }
    const values = { ...all, ...Object.assign({}, ...Object.values(staged).map((s) => s.values)) };
    const now = Date.now();
    const ranked = [...held.values()].filter((h) => h.keepUntil > now).sort((a, b) => b.keepUntil - a.keepUntil);
    for (const copy of ranked) {
      if (copy.bytes > budget) continue;
      budget -= copy.bytes;
      for (const name of copy.names) result[name] = values[name];
    }
    return result;
  }
}

/** The copies kept now, for MDQ > Status (which shows whether Google lets formulas keep them);
 *  undefined when there is no store. */
export function copiesHeld(generation: string): { answers: number; bytes: number } | undefined {
  try {
    const store = gas().PropertiesService.getDocumentProperties();
    if (!store) return undefined;
    const own = `${PREFIX}${generation.replace(/~/g, "-")}~`;
    let answers = 0;
    let bytes = 0;
    for (const [name, value] of Object.entries(store.getProperties())) {
      if (!name.startsWith(PREFIX)) continue;
      bytes += utf8Bytes(name) + utf8Bytes(value);
      if (name.startsWith(own) && name.split("~").length === 3 && Number(value.split("~", 1)[0]) > Date.now()) answers++;
    }
    return { answers, bytes };
  } catch {
    return undefined;
  }
}

/** Forget every copy (MDQ > Clear cache); only MDQ's names, in case anything else shares the store.
 *  Read and rewritten under the script lock, as the formulas' sweeps are. */
export function dropCopies(): void {
  underScriptLock(() => {
    try {
      const store = gas().PropertiesService.getDocumentProperties();
      if (!store) return;
      const others = Object.fromEntries(Object.entries(store.getProperties()).filter(([name]) => !name.startsWith(PREFIX)));
      store.setProperties(others, true);
    } catch {
      // Not dropped: the new generation already makes them unread, and a sweep removes them.
    }
  });
}

/** The copies of this spreadsheet, under the cache generation. */
export function openCopies(generation: string): AnswerCopies {
  let store: ScriptProperties | null = null;
  try {
    store = gas().PropertiesService.getDocumentProperties();
  } catch {
    // No store offered here: answers are kept by CacheService alone.
  }
  return new AnswerCopies(store, generation);
}
