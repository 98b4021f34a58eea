// Where a custom function keeps the core's entries: CacheService first (fast, shared, but 6 h at
// most and dropped when Google needs room), and a copy in the spreadsheet's Document Properties
// for as long as the core keeps the entry (copies.ts). A copy found when CacheService has lost the
// entry is put back into CacheService, so that the formulas of the next hours find it there.
import { gas } from "./apps-script";
import { SheetsCache } from "./cache";
import { type AnswerCopies, openCopies } from "./copies";

export class AnswerStore {
  constructor(
    readonly cache: SheetsCache,
    private readonly copies: AnswerCopies,
  ) {}

  get(key: string): string | null {
    const cached = this.cache.get(key);
    if (cached !== null) return cached;
    const copy = this.copies.get(key);
    if (!copy) return null;
    this.cache.put(key, copy.text, (copy.keepUntil - Date.now()) / 1000);
    return copy.text;
  }

  put(key: string, value: string, ttlSeconds: number): void {
    this.cache.put(key, value, ttlSeconds);
    this.copies.stage(key, value, Date.now() + ttlSeconds * 1000);
  }

  /** The copies of this call, written together. */
  finish(): void {
    this.copies.flush();
  }
}

export const openAnswers = (generation: string): AnswerStore =>
  new AnswerStore(new SheetsCache(gas().CacheService.getScriptCache(), generation), openCopies(generation));
