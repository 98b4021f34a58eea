// How far back VALUE's request reaches, shared by the cells of one company and dataset. Cells share
// one answer only when they send one request, and the request's reach is part of it (QUARTERLY's
// n_quarters, which the provider bills per quarter returned). Excel gathers the cells of a
// recalculation and sends the widest reach once; in Sheets every cell is an execution of its own,
// up to 30 at once, so the reach is kept in CacheService: the widest the company's cells asked for
// (the core's `gatheringOf`), which every later cell of the company asks for too (`cover=`).
//   - The sheet says most of it: a cell that finds no reach kept for its company, or needs a wider
//     one, reads its sheet's plan (sheet-plan.ts: the reach every company's plain VALUE cells on
//     the sheet need) and keeps it for every company. Each cell reading the sheet finds the same
//     reaches, so they are written without the lock, and no one waits: the companies whose cells
//     Sheets starts later begin at their widest too.
//   - A cell the sheet does not show (its arguments are not plain) and that reaches further widens
//     its company's reach under the script lock (two executions widening it at once must not leave
//     the narrower one), and opens a gathering window of GATHER_MS: the cells that start within it
//     widen the reach further, and all of them wait for it to close before any fetches, so that
//     executions starting together send one request of their widest reach, not one of each.
// The reach is kept 6 h (the statements' lifetime, and the most CacheService keeps anything), under
// the cache's generation: after a far-reaching cell is deleted, its company's cells still ask for
// the wider reach until then, or until Clear cache.
import { type CellValue, type FunctionSpec, type Gathering, gatheringOf, hash53, withCover } from "../../shared";
import type { SheetsCache } from "./cache";
import { underScriptLock } from "./lock";

export const REACH_TTL_SECONDS = 6 * 3600;

const reachKey = (group: string) => `mdq-reach:${hash53(group)}`;

/** How long the cells of a company that start together gather their reach before any fetches. */
export const GATHER_MS = 1000;

/** The widest reach asked for, and when its window closes (ms since the epoch). */
interface Kept {
  cover: number;
  until: number;
}

/** A kept reach as stored: "<cover> <until>". */
function parseKept(text: string | undefined): Kept {
  const [cover, until] = (text ?? "").split(" ");
  return { cover: Number(cover) || 0, until: Number(until) || 0 };
}

const readKept = (cache: SheetsCache, key: string): Kept => parseKept(cache.getMany([key])[key]);

export interface Clock {
  now(): number;
  sleep(ms: number): void;
}

/** The call's arguments with the reach its company's cells share (a call that is not a VALUE
 *  gathering, or names its own `cover=`, unchanged). A call about to widen its company's reach
 *  first reads what the sheet's cells need (`plan`, sheet-plan.ts), for its company and the others. */
export function withSharedReach(
  fn: FunctionSpec,
  cells: CellValue[],
  cache: SheetsCache,
  clock: Clock,
  plan: () => ReadonlyMap<string, number> = () => new Map(),
): CellValue[] {
  const gathering = gatheringOf(fn, cells, clock.now());
  if (!gathering) return cells;
  const key = reachKey(gathering.group);
  const found = cache.getMany([key])[key];
  let kept = parseKept(found);
  // A cell that finds no reach kept for its company is among its first: it reads the sheet too,
  // rather than fetch before the reach the company's other cells will ask for is known.
  if (found === undefined || gathering.cover > kept.cover) {
    // Read outside the lock: the sheet may take a while, the lock is for one read and one write.
    const planned = new Map(plan());
    const fromSheet = planned.get(gathering.group);
    kept =
      fromSheet !== undefined && fromSheet >= gathering.cover
        ? keepPlanned(cache, planned, gathering.group)
        : widen(cache, planned, gathering, clock);
  }
  if (clock.now() < kept.until) {
    // Bounded: the window closes at most GATHER_MS after it opened.
    clock.sleep(kept.until - clock.now());
    kept = readKept(cache, key);
  }
  return withCover(fn, cells, Math.max(kept.cover, gathering.cover));
}

/** The sheet's reaches kept where they are wider than what is kept: written without the lock,
 *  since every cell that reads the sheet finds the same ones (a cell widening at that moment
 *  beyond the sheet, under the lock, may see its reach narrowed again: one more request, never a
 *  wrong value). No gathering window: the sheet already gave every company its widest. */
function keepPlanned(cache: SheetsCache, planned: ReadonlyMap<string, number>, group: string): Kept {
  const keys = [...planned.keys()].map(reachKey);
  const found = cache.getMany(keys);
  const writes: Record<string, string> = {};
  for (const [g, cover] of planned) {
    const theirs = parseKept(found[reachKey(g)]);
    if (cover > theirs.cover) writes[reachKey(g)] = `${cover} ${theirs.until}`;
  }
  if (Object.keys(writes).length) cache.putMany(writes, REACH_TTL_SECONDS);
  const mine = parseKept(found[reachKey(group)]);
  return { cover: Math.max(mine.cover, planned.get(group) ?? 0), until: mine.until };
}

/** This cell's reach (beyond what the sheet shows) widens its company's, under the script lock (two
 *  executions widening it at once must not leave the narrower one), and opens its gathering window;
 *  the sheet's reaches of the other companies are kept with it. */
function widen(cache: SheetsCache, sheet: ReadonlyMap<string, number>, gathering: Gathering, clock: Clock): Kept {
  const planned = new Map(sheet);
  planned.set(gathering.group, Math.max(gathering.cover, planned.get(gathering.group) ?? 0));
  const key = reachKey(gathering.group);
  return underScriptLock(() => {
    const keys = [...planned.keys()].map(reachKey);
    const found = cache.getMany(keys);
    const now = clock.now();
    const writes: Record<string, string> = {};
    // This company's key is among the planned ones: read with them.
    let mine = parseKept(found[key]);
    for (const [group, cover] of planned) {
      const at = reachKey(group);
      const theirs = parseKept(found[at]);
      const opens = group === gathering.group && found[at] === undefined;
      if (cover <= theirs.cover && !opens) continue;
      // This company's cells that start now gather for a window; the others' need none: the
      // plan already has their widest.
      const open = group === gathering.group ? (theirs.until > now ? theirs.until : now + GATHER_MS) : theirs.until;
      writes[at] = `${Math.max(cover, theirs.cover)} ${open}`;
      if (group === gathering.group) mine = { cover: Math.max(cover, theirs.cover), until: open };
    }
    if (Object.keys(writes).length) cache.putMany(writes, REACH_TTL_SECONDS);
    return mine;
  });
}
