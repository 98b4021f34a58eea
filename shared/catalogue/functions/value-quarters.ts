// VALUE on the quarterly statements, over quarters: a period resolved to the quarters it spans, a
// field over them (a flow summed, a stock at the last quarter: quarterly.ts types each field), the
// ratios a model uses, and the change against the same period a year or a quarter earlier. Every
// number is computed from the statements' own quarters, in the one answer VALUE already asked for:
// no request and no credit more. A quarter missing is an error naming it, never a partial sum.
import { MdqError } from "../../base/errors";
import type { Cell, Table } from "../../base/table";
import { type Period, periodText, pickDated, quarterBefore, quarterOfDate, quartersOf, quarterText } from "../../input/periods";
import { MEASURES } from "./quarterly";

type Quarter = { year: number; quarter: number };

/** Ratios of two statement fields over the same quarters (fractions: 0.25 is 25%). ROE and ROA
 *  are the period's earnings over the level at its end, not annualized: FY or TTM for a year's. */
export const RATIOS: ReadonlyMap<string, { of: string; per: string }> = new Map([
  ["gross_margin", { of: "gross_profit", per: "revenue" }],
  ["operating_margin", { of: "operating_pnl", per: "revenue" }],
  ["ebitda_margin", { of: "ebitda", per: "revenue" }],
  ["net_margin", { of: "earnings", per: "revenue" }],
  ["roe", { of: "earnings", per: "total_equity" }],
  ["roa", { of: "earnings", per: "total_assets" }],
  ["debt_to_equity", { of: "total_debt", per: "total_equity" }],
]);

export const CHANGES = ["yoy", "qoq"] as const;
export type Change = (typeof CHANGES)[number];

/** The statements by quarter. */
class Statements {
  private readonly rows = new Map<string, Cell[]>();
  readonly quarters: string[];

  constructor(
    private readonly table: Table,
    readonly key: string,
  ) {
    const at = table.columns.indexOf("date");
    for (const row of table.rows) this.rows.set(quarterText(quarterOfDate(String(row[at]))), row);
    this.quarters = [...this.rows.keys()].sort();
  }

  /** The quarters a period spans; a single row's period (a step back, a date) as that row's quarter. */
  resolve(p: Period): Quarter[] {
    const latest = this.quarters[this.quarters.length - 1];
    const spanned = quartersOf(p, latest ? parseQuarter(latest) : undefined);
    if (spanned) return spanned;
    const at = this.table.columns.indexOf("date");
    const dates = this.table.rows.map((r) => String(r[at]));
    const row = pickDated(dates, p);
    if (row === undefined) throw this.outside(periodText(p));
    return [quarterOfDate(dates[row])];
  }

  /** A field over quarters: a flow's sum, a stock's level at the last; undefined where the
   *  statements have no such column (the company does not report it). */
  over(field: string, quarters: Quarter[], label: string): number | undefined {
    const col = this.table.columns.findIndex((c) => c.toLowerCase() === field.toLowerCase());
    const measure = MEASURES.get(col < 0 ? field.toLowerCase() : this.table.columns[col]);
    const needed = measure === "stock" ? quarters.slice(-1) : quarters;
    const missing = needed.map(quarterText).filter((q) => !this.rows.has(q));
    if (missing.length === needed.length && missing.length > 0) throw this.outside(label);
    const sum = `the sum of ${quarters.map(quarterText).join(", ")}`;
    if (missing.length) {
      const what = measure === "stock" ? `its value at ${missing[0]}` : sum;
      throw new MdqError(
        "no_data",
        `${this.key}'s quarterly statements have no ${missing.join(", ")}: '${field}' for ${label} is ${what}, so no number is shown (never a partial sum).`,
      );
    }
    if (col < 0) return undefined;
    const cells = needed.map((q) => (this.rows.get(quarterText(q)) as Cell[])[col]);
    const absent = needed.filter((_, i) => typeof cells[i] !== "number").map(quarterText);
    if (absent.length === needed.length) return undefined;
    if (absent.length)
      throw new MdqError(
        "no_data",
        `${this.key} does not report '${field}' for ${absent.join(", ")}: '${field}' for ${label} is ${sum}, so no number is shown (never a partial sum).`,
      );
    return measure === "flow" ? (cells as number[]).reduce((s, v) => s + v, 0) : (cells[cells.length - 1] as number);
  }

  private outside(label: string): MdqError {
    const have = this.quarters;
    return new MdqError(
      "no_data",
      `${this.key}'s quarterly statements have no ${label}: they cover ${have[0]} to ${have[have.length - 1]} (${have.length} quarters). Give a period within them.`,
    );
  }
}

const parseQuarter = (text: string): Quarter => ({ year: Number(text.slice(0, 4)), quarter: Number(text.slice(5)) });
const span = (quarters: Quarter[]) =>
  quarters.length === 1 ? quarterText(quarters[0]) : `${quarterText(quarters[0])} to ${quarterText(quarters[quarters.length - 1])}`;

/** A field or a ratio over quarters; undefined where the company does not report it. */
function measure(s: Statements, field: string, quarters: Quarter[], label: string): number | undefined {
  const ratio = RATIOS.get(field.toLowerCase());
  if (!ratio) return s.over(field, quarters, label);
  const [of, per] = [s.over(ratio.of, quarters, label), s.over(ratio.per, quarters, label)];
  if (of === undefined || per === undefined) return undefined;
  if (per === 0)
    throw new MdqError("no_data", `${s.key}'s '${ratio.per}' for ${label} is 0: '${field}' (${ratio.of} / ${ratio.per}) has no value.`);
  return of / per;
}

/** The value of a field, a ratio, or the change of either, for a period of the statements. */
export function statementValue(table: Table, key: string, field: string, p: Period, change?: Change): number | undefined {
  const s = new Statements(table, key);
  const quarters = s.resolve(p);
  const label = p.type === "ttm" && !p.end ? `TTM (to ${quarterText(quarters[3])})` : periodText(p);
  const now = measure(s, field, quarters, label);
  if (!change || now === undefined) return now;
  const earlier = quarters.map((q) => quarterBefore(q, change === "yoy" ? 4 : 1));
  const before = measure(s, field, earlier, span(earlier));
  if (before === undefined) return undefined;
  if (before === 0)
    throw new MdqError("no_data", `${key}'s '${field}' for ${span(earlier)} is 0: a change from 0 (change=${change}) has no value.`);
  return (now - before) / Math.abs(before);
}

/** How many quarters before a period's first a change reaches back. */
export const changeReach = (change: string | undefined) => (change === "yoy" ? 4 : change === "qoq" ? 1 : 0);

/** Where a statements value comes from, for `explain=true`: its quarters and how they combine. */
export function statementSource(table: Table, key: string, field: string, p: Period, change?: Change): string {
  const s = new Statements(table, key);
  const quarters = s.resolve(p);
  const ratio = RATIOS.get(field.toLowerCase());
  const over = (qs: Quarter[]) => {
    const kind = MEASURES.get(field.toLowerCase());
    if (ratio) return `${ratio.of} / ${ratio.per} over ${span(qs)} (flows summed, stocks at ${quarterText(qs[qs.length - 1])})`;
    if (kind === "stock" || qs.length === 1) return `${field} at ${quarterText(qs[qs.length - 1])}`;
    return `${field} summed over ${qs.map(quarterText).join(", ")}`;
  };
  const what = `${key}'s quarterly statements: ${over(quarters)}`;
  if (!change) return what;
  return `${what}, against ${over(quarters.map((q) => quarterBefore(q, change === "yoy" ? 4 : 1)))} (change=${change})`;
}
