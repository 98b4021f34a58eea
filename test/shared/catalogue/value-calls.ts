// VALUE through the core with fixtures as the service's answers and a fixed clock: one call, the
// cells it returns or its error, and the URLs it fetched.
import type { CellValue } from "../../../shared/base/cells";
import type { MdqError } from "../../../shared/base/errors";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL, fixture, liveFixture } from "../harness";

export const NOW = Date.parse("2026-01-20T03:00:00Z");

export interface Outcome {
  value?: unknown;
  cells?: unknown[][];
  error?: MdqError;
  urls: string[];
}

/** The fiscal dates of a spec fixture's statements, as the service lists them: each row's date with
 *  its calendar quarter (the fixtures' companies have December years). */
export function fiscalDatesOf(statements: string | undefined): string | undefined {
  const rows: unknown = statements === undefined ? undefined : JSON.parse(statements);
  if (!Array.isArray(rows) || !rows.every((r) => typeof r?.date === "string")) return undefined;
  const byYear: Record<string, [string, string][]> = {};
  for (const { date } of rows as Array<{ date: string }>) {
    byYear[date.slice(0, 4)] = [...(byYear[date.slice(0, 4)] ?? []), [date, `q${Math.ceil(Number(date.slice(5, 7)) / 3)}`]];
  }
  return JSON.stringify(byYear);
}

/** VALUE against one fixture (spec) or the live fixtures by path; a Map as the cache, if given. */
export function value(args: CellValue[], answer: { spec?: string; live?: true }, cache?: Map<string, string>): Outcome {
  const urls: string[] = [];
  const answer1 = (url: string) => {
    urls.push(url);
    const body = answer.live
      ? liveFixture(url.slice(BASE_URL.length))
      : url.includes("/get_quarterly_financial_dates/")
        ? fiscalDatesOf(fixture(answer.spec as string))
        : fixture(answer.spec as string);
    return body === undefined ? { status: 404, body: '{"error": "Not found."}' } : { status: 200, body };
  };
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "cacheGet") return cache?.get(effect.key) ?? null;
    if (effect.type === "cachePut") return void cache?.set(effect.key, effect.value);
    // A grid's keys fetch together, as one fetchAll.
    if (effect.type === "fetchAll") return effect.fetches.map((f) => answer1(f.request.url));
    if (effect.type !== "fetch") return undefined;
    return answer1(effect.request.url);
  };
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: answer.live ? ("live" as const) : ("spec" as const) };
  try {
    const { cells } = runSync(callFunction(functionNamed("VALUE"), args, settings, { now: () => NOW, random: () => 0.5 }), handle);
    return { cells, value: cells[0][0], urls };
  } catch (e) {
    return { error: e as MdqError, urls };
  }
}
