// One reading of a company's quarterly statements, used by every path of VALUE: which quarter each
// row reports, which row stands for a quarter listed more than once, and which quarters a period
// means. A row's `date` is the provider's report date: usually the quarter's last day, sometimes
// weeks later (a late filer, a restatement). With the provider's fiscal labels a row is the fiscal
// quarter its label names; without them, the quarter ended last on or before its date. Of several
// rows for one quarter the latest report wins (on one date, the first listed: the provider lists
// the newest first), for a single quarter, a sum, TTM, a change and a ratio alike.
import { monthName } from "../../base/cells";
import { MdqError } from "../../base/errors";
import type { Cell, Table } from "../../base/table";
import { type Period, periodText } from "../../input/periods";
import {
  type FiscalCalendar,
  fiscalQuarterEnd,
  fiscalQuarterOf,
  listsReportDates,
  type Month,
  monthEnd,
  quarterEndOf,
  quarterHolding,
} from "./fiscal-calendar";

/** One row as read: the quarter it reports (the month it ends in) and when it was reported. */
export interface QuarterRow {
  end: Month;
  /** The row's date: its report date, or the quarter's last day when the provider gave no other. */
  date: string;
  /** Its place in the answer (the provider lists the newest first). */
  order: number;
  cells: Cell[];
}

export class Statements {
  /** Each quarter's rows, the one that stands for it first. */
  private readonly byEnd = new Map<Month, QuarterRow[]>();
  /** The quarters reported, oldest first. */
  readonly ends: Month[];
  private readonly dateAt: number;

  constructor(
    private readonly table: Table,
    readonly key: string,
    readonly calendar: FiscalCalendar | undefined,
  ) {
    this.dateAt = table.columns.indexOf("date");
    table.rows.forEach((cells, order) => {
      const date = String(cells[this.dateAt] ?? "").slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
      const row = { end: quarterEndOf(date, calendar), date, order, cells };
      const rows = this.byEnd.get(row.end) ?? [];
      rows.push(row);
      this.byEnd.set(row.end, rows);
    });
    for (const rows of this.byEnd.values()) rows.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? 1 : -1));
    this.ends = [...this.byEnd.keys()].sort((a, b) => a - b);
  }

  /** The row that stands for a quarter: its latest report. */
  row(end: Month): QuarterRow | undefined {
    return this.byEnd.get(end)?.[0];
  }

  /** Every row of a quarter, the one that stands for it first. */
  versions(end: Month): readonly QuarterRow[] {
    return this.byEnd.get(end) ?? [];
  }

  /** True when some row, or some date the fiscal dates list, is after its quarter's end: the
   *  provider gives report dates. */
  get reportDated(): boolean {
    const listed = this.calendar ? listsReportDates(this.calendar.labels, this.calendar) : false;
    return listed || [...this.byEnd.values()].some((rows) => rows.some((r) => r.date > monthEnd(r.end)));
  }

  /** The statements as they stood on a day: only the rows reported by then. */
  asOf(date: string): Statements {
    const rows = this.table.rows.filter((cells) => String(cells[this.dateAt] ?? "").slice(0, 10) <= date);
    return new Statements({ ...this.table, rows }, this.key, this.calendar);
  }

  /** True when a row's quarter rests on a guess: a date after its quarter's end and no label for it. */
  get guessed(): boolean {
    return [...this.byEnd.values()].some((rows) => rows.some((r) => r.date > monthEnd(r.end) && !this.calendar?.labels.has(r.date)));
  }

  get latest(): Month | undefined {
    return this.ends[this.ends.length - 1];
  }

  /** A quarter as a user names it: 2024Q3 (December years), FY2025Q1 (to 2024-09-30) otherwise;
   *  CY2024Q3 while the fiscal calendar is unknown. */
  name(end: Month): string {
    const yearEnd = this.calendar?.yearEnd;
    if (yearEnd === undefined) return `CY${Math.floor(end / 12)}Q${Math.floor((end % 12) / 3) + 1}`;
    const q = fiscalQuarterOf(yearEnd, end);
    if (!q) return `the quarter to ${monthEnd(end)}`;
    return yearEnd === 12 ? `${q.year}Q${q.quarter}` : `FY${q.year}Q${q.quarter} (to ${monthEnd(end)})`;
  }

  /** The quarters a period means, oldest first (a date and a step back: one). */
  resolve(p: Period, today: string): Month[] {
    switch (p.type) {
      case "back": {
        const end = this.ends[this.ends.length - p.steps];
        if (end === undefined) throw this.outside(periodText(p));
        return [end];
      }
      case "ttm": {
        const last = p.end ? this.spanEnds({ type: "quarter", ...p.end })[0] : this.latest;
        if (last === undefined) throw this.outside("TTM");
        return [9, 6, 3, 0].map((back) => last - back);
      }
      case "date":
        return [this.atDate(p.date, today)];
      default:
        return this.spanEnds(p);
    }
  }

  /** A quarter, year or part of a year: fiscal (the provider's calendar) or calendar (CY). */
  private spanEnds(p: Extract<Period, { type: "quarter" | "year" | "part" }>): Month[] {
    const [first, last] =
      p.type === "quarter" ? [p.quarter, p.quarter] : p.type === "year" ? [1, 4] : p.part === "H2" ? [3, 4] : [1, p.part === "H1" ? 2 : 3];
    if (p.calendar) {
      const yearEnd = this.calendar?.yearEnd ?? 12;
      if (yearEnd % 3 !== 0)
        throw new MdqError(
          "no_data",
          `${this.key}'s quarters end in ${[0, 3, 6, 9].map((k) => monthName(((yearEnd - 1 + k) % 12) + 1)).join(", ")}: they do not make up ${periodText(p)}. Give its fiscal period instead (FY...).`,
        );
      return Array.from({ length: last - first + 1 }, (_, i) => fiscalQuarterEnd(12, p.year, first + i));
    }
    if (!this.calendar)
      throw new MdqError(
        "no_data",
        `${this.key}'s fiscal calendar is not known (the service lists no fiscal quarters for it), so ${periodText(p)} cannot be told from the calendar's: give a calendar period (CY${p.year}${p.type === "quarter" ? `Q${p.quarter}` : ""}) instead.`,
      );
    const yearEnd = this.calendar.yearEnd;
    return Array.from({ length: last - first + 1 }, (_, i) => fiscalQuarterEnd(yearEnd, p.year, first + i));
  }

  /** A date: where the provider gives report dates, the latest quarter reported on or before it
   *  (nothing reported later is seen); where its dates are the quarters' ends, the quarter that
   *  holds the date, exactly. */
  private atDate(date: string, today: string): Month {
    if (this.reportDated) {
      // What a company will have reported by a day to come is not known: its latest quarter so far
      // may not be the one it stands on then.
      const latest = this.latest;
      if (today && date > today && latest !== undefined)
        throw new MdqError(
          "no_data",
          `${this.key}'s quarterly statements as they will stand on ${date} are not known: ${date} is after today (${today}), and ${this.key} may report again by then (its latest quarter so far is ${this.name(latest)}; -1 reads it): no number is shown.`,
        );
      const known = this.ends.filter((end) => this.versions(end).some((r) => r.date <= date));
      const end = known[known.length - 1];
      if (end === undefined)
        throw new MdqError("no_data", `${this.key} had reported no quarter by ${date}${this.coverage()}: no number is shown.`);
      return end;
    }
    const end = quarterHolding(date, this.calendar?.yearEnd ?? 12);
    if (!this.byEnd.has(end)) {
      const later = date > today ? ` (${date} is after today)` : "";
      throw new MdqError(
        "no_data",
        `${this.key}'s quarterly statements have no ${this.name(end)}, the quarter that holds ${date}${later}${this.coverage()}: no other quarter is shown in its place.`,
      );
    }
    return end;
  }

  /** The quarters a company's statements hold, for messages: " (its statements cover 2022Q1 to
   *  2026Q3)"; from its fiscal dates where the rows read are not all of them. */
  coverage(): string {
    const ends = this.listedEnds();
    return ends.length ? ` (its statements cover ${this.name(ends[0])} to ${this.name(ends[ends.length - 1])})` : "";
  }

  /** True when nothing says the company has statements: no row and no fiscal date. */
  get empty(): boolean {
    return this.ends.length === 0 && !this.calendar?.labels.size;
  }

  outside(label: string): MdqError {
    const listed = this.listedEnds();
    const n = listed.length;
    return new MdqError(
      "no_data",
      n
        ? `${this.key}'s quarterly statements have no ${label}: they cover ${this.name(listed[0])} to ${this.name(listed[n - 1])} (${n} quarters). Give a period within them.`
        : `${this.key}'s quarterly statements have no ${label}: the service returned none.`,
    );
  }

  /** The quarters the company has: from its fiscal dates where known (the rows read may be a few
   *  of them), else the rows'. */
  private listedEnds(): Month[] {
    const listed = new Set([...(this.calendar?.labels.keys() ?? [])].map((d) => quarterEndOf(d, this.calendar)));
    for (const end of this.ends) listed.add(end);
    return [...listed].sort((a, b) => a - b);
  }

  /** A field's cell in the row that stands for a quarter. */
  cell(end: Month, field: string): Cell | undefined {
    const col = this.column(field);
    return col < 0 ? undefined : this.row(end)?.cells[col];
  }

  column(field: string): number {
    return this.table.columns.findIndex((c) => c.toLowerCase() === field.toLowerCase());
  }

  /** What a quarter's reading rests on, for explain: its row's date, and the rows it won over. */
  rowNote(end: Month): string {
    const rows = this.versions(end);
    const chosen = rows[0];
    if (!chosen) return this.name(end);
    const dated = chosen.date === monthEnd(end) ? `dated ${chosen.date}` : `reported ${chosen.date}`;
    // An earlier report the fiscal dates list for the quarter, whose row was not asked for (the
    // latest report is read by its own date): it was won over all the same.
    const unread = [...(this.calendar?.labels.keys() ?? [])]
      .filter((d) => d < chosen.date && quarterEndOf(d, this.calendar) === end && !rows.some((r) => r.date === d))
      .sort();
    if (rows.length === 1 && !unread.length) return `${this.name(end)} (${dated})`;
    const sameDay = rows.filter((r) => r.date === chosen.date).length > 1;
    const why = sameDay ? "the first listed of its rows on that date" : "its latest report";
    const others = [
      rows.length > 1 ? `${rows.length - 1} other row${rows.length > 2 ? "s" : ""} for it` : "",
      unread.length ? `its earlier report${unread.length > 1 ? "s" : ""} of ${unread.join(", ")} (in its fiscal dates, not read)` : "",
    ].filter(Boolean);
    return `${this.name(end)} (${dated}: ${why}, over ${others.join(" and ")})`;
  }
}
