// Where a custom function keeps the core's entries: CacheService first (fast, shared, but 6 h at
// most and dropped when Google needs room), and a copy in the spreadsheet's Document Properties
// for as long as the core keeps the entry (copies.ts): its lifetime and STALE_SECONDS more. A copy
// found when CacheService has lost the entry is put back into CacheService, so that the formulas
// of the next hours find it there.
import { gas } from "./apps-script";
import { SheetsCache } from "./cache";
import { type AnswerCopies, openCopies } from "./copies";

/** How long past its lifetime an answer is kept here and shown, listed as stale, when a refresh
 *  fails (the core's Env.staleSeconds; its own default is 6 h): a spreadsheet is a tracker opened
 *  again the next morning, or on Monday after Friday, or after a holiday Monday, and a service down
 *  then should show the last tables with their age rather than errors. The copies' store bounds
 *  what this costs (copies.ts). */
export const STALE_SECONDS = 4 * 24 * 3600;

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

  /** Whether CacheService has it now, where the other executions look (the copy is written later). */
  put(key: string, value: string, ttlSeconds: number): boolean {
    this.copies.stage(key, value, Date.now() + ttlSeconds * 1000);
    return this.cache.put(key, value, ttlSeconds);
  }

  /** The copies of this call, written together, waiting for the script lock no later than
   *  `deadline` (ms since the epoch: the end of the call's budget). */
  finish(deadline?: number): void {
    this.copies.flush(deadline);
  }
}

export const openAnswers = (generation: string): AnswerStore =>
  new AnswerStore(new SheetsCache(gas().CacheService.getScriptCache(), generation), openCopies(generation));
