// How far back VALUE's request reaches, shared by the cells of one company and dataset. Cells share
// one answer only when they send one request, and the request's reach is part of it (QUARTERLY's
// n_quarters). Excel gathers the cells of a recalculation and sends the widest reach once; in
// Sheets every cell is an execution of its own, so the gathering is kept in CacheService: the
// widest reach the company's cells asked for (the core's `gatheringOf`), which every later cell of
// the company asks for too (`cover=`). A model with one cell reaching further back than the others
// then costs one request of the wider reach per company, not one of each reach; a cell that reaches
// further than any before it widens the reach kept, under the script lock (two executions widening
// it at once must not leave the narrower one).
// The reach is kept 6 h (the statements' lifetime, and the most CacheService keeps anything), under
// the cache's generation: after a far-reaching cell is deleted, its company's cells still ask for
// the wider reach until then, or until Clear cache.
import { type CellValue, type FunctionSpec, gatheringOf, hash53, withCover } from "../../shared";
import type { SheetsCache } from "./cache";
import { underScriptLock } from "./lock";

export const REACH_TTL_SECONDS = 6 * 3600;

const reachKey = (group: string) => `mdq-reach:${hash53(group)}`;

const readReach = (cache: SheetsCache, key: string) => Number(cache.getMany([key])[key]) || 0;

/** The call's arguments with the reach its company's cells share (a call that is not a VALUE
 *  gathering, or names its own `cover=`, unchanged). */
export function withSharedReach(fn: FunctionSpec, cells: CellValue[], cache: SheetsCache, now: number): CellValue[] {
  const gathering = gatheringOf(fn, cells, now);
  if (!gathering) return cells;
  const key = reachKey(gathering.group);
  const kept = readReach(cache, key);
  if (gathering.cover <= kept) return withCover(cells, kept);
  const widest = underScriptLock(() => {
    const again = readReach(cache, key);
    if (gathering.cover > again) cache.putMany({ [key]: String(gathering.cover) }, REACH_TTL_SECONDS);
    return Math.max(again, gathering.cover);
  });
  return withCover(cells, widest);
}
