// Drives the real pipeline (prepare → fetch → classify → decode → layout → display) with a
// fixture as the service's answer: no network, no cache, a fixed clock.
import * as fs from "node:fs";
import * as path from "node:path";
import type { CellValue } from "../../shared/cells";
import type { DateWriter } from "../../shared/display";
import { MdqError } from "../../shared/errors";
import { type CallResult, callFunction, type Effect, type EffectResult, runSync } from "../../shared/executor";

export const BASE_URL = "http://127.0.0.1:9";
export const API_KEY = "k";

export const fixture = (name: string): string => fs.readFileSync(path.join(__dirname, "..", "fixtures", name), "utf8");

export interface Served {
  cells: unknown[][];
  urls: string[];
  result: CallResult<unknown>;
}

/** Call NAME with ARGS against a service that answers every fetch with BODY (status 200). */
export function serve(name: string, args: CellValue[], body: string, writeDate?: DateWriter<unknown>): Served {
  const urls: string[] = [];
  const handler = (effect: Effect): EffectResult => {
    switch (effect.type) {
      case "fetch":
        urls.push(effect.request.url);
        return { status: 200, body };
      case "cacheGet":
      case "cachePut":
        return undefined;
      case "sleep":
        throw new Error("a 200 answer must not be retried");
    }
  };
  const result = runSync(
    callFunction(name, args, { baseUrl: BASE_URL, apiKey: API_KEY }, { now: () => 0, random: () => 0.5 }, writeDate),
    handler,
  );
  return { cells: result.cells, urls, result };
}

/** serve() with a fixture file. */
export const run = (name: string, args: CellValue[], file: string, writeDate?: DateWriter<unknown>) =>
  serve(name, args, fixture(file), writeDate);

/** The MdqError a call throws. */
export function failure(fn: () => unknown): MdqError {
  try {
    fn();
  } catch (e) {
    if (e instanceof MdqError) return e;
    throw new Error(`expected an MdqError, got ${String(e)}`);
  }
  throw new Error("expected the call to fail, it succeeded");
}

/** Every row has the same length as the first. */
export function expectRectangular(cells: unknown[][]): void {
  expect(cells.length).toBeGreaterThan(0);
  const width = cells[0].length;
  expect(width).toBeGreaterThan(0);
  for (const row of cells) expect(row).toHaveLength(width);
}

/** The first column of a transposed table (the field names). */
export const firstColumn = (cells: unknown[][]) => cells.map((r) => r[0]);

/** A field → value map from a field-value table (header row skipped). */
export const fieldValues = (cells: unknown[][]) => Object.fromEntries(cells.slice(1).map((r) => [r[0], r[1]]));
