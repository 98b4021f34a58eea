// VALUE on the quarterly statements, over quarters: a field over the quarters a period means (a
// flow summed, a stock at the last quarter: quarterly.ts types each field), the ratios a model uses
// as analysts define them, and the change against the same period a year or a quarter earlier.
// Every number comes from the one reading of the statements (statement-reading.ts). A quarter
// missing is an error naming it, never a partial sum; a change from a negative or zero base, or a
// ratio over a base that is not positive, is NM (not meaningful), never a number.
import { MdqError } from "../../base/errors";
import type { Cell } from "../../base/table";
import type { Month } from "./fiscal-calendar";
import { MEASURES } from "./quarterly";
import type { Statements } from "./statement-reading";

/** How a ratio is taken: a margin over the period's flows; a return on the average of a balance at
 *  the period's opening and closing, annualised; a level at the period's end. */
type RatioKind = "margin" | "return" | "level";

export interface Ratio {
  of: string;
  per: string;
  kind: RatioKind;
}

/** Ratios of two statement fields (fractions: 0.25 is 25%). ROE is on the owners' equity
 *  (stockholders_equity, without minorities, as `earnings` is the owners' share); ROE and ROA on
 *  the average of the opening and closing balances and annualised, as Bloomberg and Capital IQ
 *  take them. */
export const RATIOS: ReadonlyMap<string, Ratio> = new Map<string, Ratio>([
  ["gross_margin", { of: "gross_profit", per: "revenue", kind: "margin" }],
  ["operating_margin", { of: "operating_pnl", per: "revenue", kind: "margin" }],
  ["ebitda_margin", { of: "ebitda", per: "revenue", kind: "margin" }],
  ["net_margin", { of: "earnings", per: "revenue", kind: "margin" }],
  ["roe", { of: "earnings", per: "stockholders_equity", kind: "return" }],
  ["roa", { of: "earnings", per: "total_assets", kind: "return" }],
  ["debt_to_equity", { of: "total_debt", per: "total_equity", kind: "level" }],
]);

/** A ratio's formula in words, for `mdq help VALUE`, the docs and explain. */
export function ratioFormula(name: string, r: Ratio): string {
  if (r.kind === "margin") return `\`${name}\` = ${r.of} / ${r.per}, both summed over the period`;
  if (r.kind === "level") return `\`${name}\` = ${r.of} / ${r.per}, both at the period's last quarter`;
  return `\`${name}\` = ${r.of} summed over the period / the average of ${r.per} at its opening (the quarter before its first) and at its close, times 4 / its quarters for a period shorter than a year (annualised)`;
}

export const CHANGES = ["yoy", "qoq"] as const;
export type Change = (typeof CHANGES)[number];
export const NM_FORMS = ["error", "text"] as const;

/** How many months before a period's first quarter its change reaches back. */
const shiftOf = (change: Change) => (change === "yoy" ? 12 : 3);

/** Not meaningful: a value of a base that is not positive. */
class NotMeaningful extends Error {}

/** The quarters a value of a field or ratio over `ends` reads (the opening balance too, for a return). */
export function quartersRead(field: string, ends: readonly Month[], change?: Change): Month[] {
  const ratio = RATIOS.get(field.toLowerCase());
  const own = ratio?.kind === "return" ? [ends[0] - 3, ...ends] : [...ends];
  return change ? [...own.map((e) => e - shiftOf(change)), ...own] : own;
}

/** A field over quarters: a flow's sum, a stock's level at the last; undefined where the
 *  statements have no such column (the company does not report it). */
function over(s: Statements, field: string, ends: readonly Month[], label: string): number | undefined {
  const measure = MEASURES.get(field.toLowerCase());
  const needed = measure === "stock" ? ends.slice(-1) : ends;
  if (ends.every((e) => !s.row(e))) throw s.outside(label);
  const missing = needed.filter((e) => !s.row(e));
  const sum = `the sum of ${ends.map((e) => s.name(e)).join(", ")}`;
  if (missing.length) {
    const what = measure === "stock" ? `its value at ${s.name(missing[0])}` : sum;
    throw new MdqError(
      "no_data",
      `${s.key}'s quarterly statements have no ${missing.map((e) => s.name(e)).join(", ")}: '${field}' for ${label} is ${what}, so no number is shown (never a partial sum).`,
    );
  }
  if (s.column(field) < 0) return undefined;
  const cells = needed.map((e) => s.cell(e, field));
  const absent = needed.filter((_, i) => typeof cells[i] !== "number");
  if (absent.length === needed.length) return undefined;
  if (absent.length)
    throw new MdqError(
      "no_data",
      `${s.key} does not report '${field}' for ${absent.map((e) => s.name(e)).join(", ")}: '${field}' for ${label} is ${sum}, so no number is shown (never a partial sum).`,
    );
  return measure === "flow" ? (cells as number[]).reduce((a, v) => a + v, 0) : (cells[cells.length - 1] as number);
}

const span = (s: Statements, ends: readonly Month[]) =>
  ends.length === 1 ? s.name(ends[0]) : `${s.name(ends[0])} to ${s.name(ends[ends.length - 1])}`;

/** A field or a ratio over quarters; undefined where the company does not report it. */
function measure(s: Statements, field: string, ends: readonly Month[], label: string): number | undefined {
  const name = field.toLowerCase();
  const ratio = RATIOS.get(name);
  if (!ratio) return over(s, field, ends, label);
  const of = over(s, ratio.of, ratio.kind === "level" ? ends.slice(-1) : ends, label);
  if (of === undefined) return undefined;
  if (ratio.kind !== "return") {
    const per = over(s, ratio.per, ratio.kind === "level" ? ends.slice(-1) : ends, label);
    if (per === undefined) return undefined;
    if (per <= 0) throw new NotMeaningful(`${s.key}'s '${ratio.per}' for ${label} is ${per}: '${name}' over a base that is not positive`);
    return of / per;
  }
  const opening = over(s, ratio.per, [ends[0] - 3], `the opening of ${label}`);
  const closing = over(s, ratio.per, ends.slice(-1), label);
  if (opening === undefined || closing === undefined) return undefined;
  const average = (opening + closing) / 2;
  if (average <= 0)
    throw new NotMeaningful(`${s.key}'s average '${ratio.per}' over ${label} is ${average}: '${name}' over a base that is not positive`);
  return (of / average) * (ends.length < 4 ? 4 / ends.length : 1);
}

export interface StatementValue {
  value: Cell;
  source: string;
}

/** The value of a field, a ratio, or the change of either, over the quarters a period means, and
 *  what it was read from (explain=true). `nm`: how a value that is not meaningful shows. */
export function statementValue(
  s: Statements,
  field: string,
  ends: readonly Month[],
  label: string,
  options: { change?: Change; nm?: (typeof NM_FORMS)[number] } = {},
): StatementValue | undefined {
  const source = statementSource(s, field, ends, options.change);
  try {
    const now = measure(s, field, ends, label);
    if (!options.change || now === undefined) return now === undefined ? undefined : { value: now, source };
    const earlier = ends.map((e) => e - shiftOf(options.change as Change));
    const before = measure(s, field, earlier, span(s, earlier));
    if (before === undefined) return undefined;
    // A ratio's change is the difference in percentage points (0.012 is 1.2 points).
    if (RATIOS.has(field.toLowerCase())) return { value: now - before, source };
    if (before <= 0)
      throw new NotMeaningful(
        `${s.key}'s '${field}' for ${span(s, earlier)} is ${before}: a change from a ${before === 0 ? "zero" : "negative"} base (change=${options.change})`,
      );
    return { value: (now - before) / before, source };
  } catch (e) {
    if (!(e instanceof NotMeaningful)) throw e;
    if (options.nm === "text") return { value: "NM", source: `${source}; NM: ${e.message} is not meaningful` };
    throw new MdqError("no_data", `NM (not meaningful): ${e.message} is not meaningful, so no number is shown (nm=text shows NM).`);
  }
}

/** Where a statements value comes from, for explain=true: its quarters, their rows and how they combine. */
function statementSource(s: Statements, field: string, ends: readonly Month[], change?: Change): string {
  const name = field.toLowerCase();
  const ratio = RATIOS.get(name);
  const rows = (es: readonly Month[]) => es.map((e) => s.rowNote(e)).join(", ");
  const readOver = (es: readonly Month[]) => {
    if (ratio) return `${ratioFormula(name, ratio).replace(/`/g, "")}, over ${rows(quartersRead(name, es))}`;
    const kind = MEASURES.get(name);
    if (kind === "stock" || es.length === 1) return `${field} at ${rows(es.slice(-1))}`;
    return `${field} summed over ${rows(es)}`;
  };
  const what = `${s.key}'s quarterly statements: ${readOver(ends)}`;
  if (!change) return what;
  const how = ratio ? "in percentage points" : "as a fraction of it";
  const since = change === "yoy" ? "a year" : "a quarter";
  return `${what}, against ${readOver(ends.map((e) => e - shiftOf(change)))} (the change from ${since} earlier, ${how})`;
}
