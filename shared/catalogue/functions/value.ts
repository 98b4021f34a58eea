// VALUE: one value for one cell, by the field names the tables use. The dataset is the field's
// (value-datasets.ts); its row's request, schema and layout give the table VALUE reads one cell of.
// The request reaches as far back as the period needs, in steps, so cells of nearby periods share
// one answer; a host that gathers cells (Excel) widens them all to the widest (`cover`).
import * as z from "zod/mini";
import { unexpectedShape } from "../../answer/decode";
import { resultsOf } from "../../answer/envelope";
import { parseResponse, type Schema } from "../../answer/response";
import { dayNumber, isoDay, readText } from "../../base/cells";
import type { Edition } from "../../base/editions";
import { notOffered } from "../../base/editions";
import { badArgument, MdqError } from "../../base/errors";
import type { Cell, Table } from "../../base/table";
import { choice, int } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { kind, parseArg, suggesting } from "../../input/kinds";
import { isFiscal, type Period, parsePeriod, period, periodEnd, periodText, pickDated, pickYear } from "../../input/periods";
import { rowTarget } from "../../request/route";
import type { Get, GetAll, Loader, RequestAbout } from "../../rows/effects";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { SERVICE_BOUNDS } from "../vocabularies";
import { monthEnd } from "./fiscal-calendar";
import { LIVE_ABSENT } from "./quarterly";
import { countedBack, latestShare, loadStatements, type StatementsRead } from "./statement-load";
import { type DailyRead, dailyPeriodProblem, dailyValue, daysRead, readDaily, rulesInWords } from "./value-daily";
import {
  DATASET_NAMES,
  DATASETS,
  type DatasetName,
  datasetFields,
  datasetNamed,
  marketOf,
  type Need,
  schemaFields,
  type ValueDataset,
  valueFields,
} from "./value-datasets";
import { CHANGES, type Change, NM_FORMS, RATIOS, ratioFormula, statementValue } from "./value-quarters";

const keyKind = kind({
  rule: () =>
    z
      .string()
      .check(
        z.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,59}$/),
        z.describe("a company: an IDX ticker (BBCA), a KLSE code (1155) or an SGX symbol (D05)"),
      ),
  read: readText,
  write: (text: string) => text,
});

// The pick list: every field a dataset's schema names (reports take any section.field too).
const fieldKind = suggesting(
  kind({
    rule: () =>
      z
        .string()
        .check(
          z.regex(/^[A-Za-z0-9_][A-Za-z0-9_. ()&%/-]{0,119}$/),
          z.describe("a field name as the tables show it, such as revenue, close or overview.market_cap"),
        ),
    read: readText,
    write: (text: string) => text,
  }),
  () => [...new Set([...DATASETS.filter((d) => !d.sections).flatMap(datasetFields), ...RATIOS.keys()])],
);

const DAY_STEPS = [30, 60, SERVICE_BOUNDS.indexWindowDays];

/** The dataset a call reads: `dataset=`, else the field's own (quarterly, daily), else the report
 *  of the key's market whose section the field starts with. */
export function datasetOf(values: Values): ValueDataset {
  if (values.dataset) return datasetNamed(values.dataset as DatasetName);
  const field = (values.field ?? "").toLowerCase();
  if (RATIOS.has(field)) return datasetNamed("quarterly");
  const own = valueFields().get(field);
  if (own) return datasetNamed(own);
  const section = field.split(".")[0];
  const market = marketOf(values.key ?? "");
  const report = DATASETS.find((d) => d.sections?.includes(section) && d.market === market);
  if (report) return report;
  throw badArgument(
    "field",
    `a field of the quarterly statements (revenue, earnings, total_assets, ...), the daily prices (close, volume, market_cap), a report's section.field (overview.market_cap), or a mining financials field with dataset=mining_financials`,
    values.field,
  );
}

/** The field must be one the dataset's table has in this edition (where its schema names them). */
function checkField(d: ValueDataset, field: string, edition?: Edition): void {
  const f = field.toLowerCase();
  if (d.name === "quarterly" && RATIOS.has(f)) return;
  if (d.sections) {
    if (!d.sections.includes(f.split(".")[0]))
      throw badArgument("field", `section.field in the ${d.what}, a section being one of ${d.sections.join(", ")}`, field);
    return;
  }
  const known = edition
    ? schemaFields(d.fn, edition)
    : { names: datasetFields(d), open: ["spec" as const, "live" as const].flatMap((e) => schemaFields(d.fn, e)?.open ?? []) };
  if (!known) return;
  const fits = known.names.some((n) => n.toLowerCase() === f) || known.open.some((o) => f.startsWith(`${o.toLowerCase()}.`));
  if (!fits)
    throw badArgument("field", `a field of the ${d.what}${edition ? ` in the ${edition} edition` : ""} (${known.names.join(", ")})`, field);
}

/** The field as an edition's statements name it: a spec field the live edition reports under
 *  another name is read there; one it does not report at all is refused before any request,
 *  naming the edition and what to use instead (it would otherwise be #N/A blaming the company). */
function editionField(d: ValueDataset, field: string, edition: Edition): string {
  const absent = edition === "live" && d.name === "quarterly" ? LIVE_ABSENT.get(field.toLowerCase()) : undefined;
  if (!absent) return field;
  if (absent.reads) return absent.reads;
  throw new MdqError(
    "bad_argument",
    `'${field}' is not in the live edition's quarterly statements${absent.use ? `: use ${absent.use}` : " and has no equivalent there"} (the spec edition has it; no request was sent).`,
  );
}

/** Rules across arguments, before any request: the dataset, the field, the key's form. */
function check(values: Values): string | undefined {
  const d = datasetOf(values);
  checkField(d, values.field ?? "");
  parseArg("key", d.fn.args[0].kind, values.key, true);
  const p = parsePeriod(values.period);
  // A step back one request cannot hold is refused here, before any request.
  const back = d.reach === "quarters" ? countedBack(values) : undefined;
  if (back !== undefined && back > SERVICE_BOUNDS.nQuartersMax) throw tooFarBack(back, p);
  const daily = d.name === "daily" ? dailyPeriodProblem(d, values.field ?? "", p) : undefined;
  if (daily) return daily;
  if (d.periodColumn === "year" && (p.type === "quarter" || p.type === "part" || p.type === "ttm"))
    return `'period' must be a year, a date or a step back for the ${d.what}, which are yearly (got ${values.period})`;
  if (d.name !== "quarterly" && d.name !== "daily" && (p.type === "part" || p.type === "ttm"))
    return `'period' must be a quarter, a year, a date or a step back for the ${d.what}: H1, H2, 9M and TTM are periods of the quarterly statements (got ${values.period})`;
  for (const name of ["late", "nm"])
    if (values[name] !== undefined && d.name !== "quarterly")
      return `'${name}' is for the quarterly statements' fields and ratios, not the ${d.what} (got ${name}=${values[name]})`;
  if (values.change !== undefined && d.name !== "quarterly")
    return `'change' is for the quarterly statements' fields and ratios, not the ${d.what} (got change=${values.change})`;
  if (values.change === "qoq" && (p.type === "year" || p.type === "part"))
    return `'change' must be yoy for a year or part of a year (${periodText(p)}): qoq compares a quarter, or TTM, with the one a quarter earlier`;
  return undefined;
}

const tooFarBack = (needs: number, p: Period) =>
  badArgument(
    "period",
    `within the latest ${SERVICE_BOUNDS.nQuartersMax} quarters, the most one request of the statements returns (this one needs ${needs})`,
    periodText(p),
  );

const bucket = (n: number, steps: readonly number[]) => steps.find((s) => s >= n) ?? steps[steps.length - 1];

/** What the request of a call needs: its dataset's row arguments follow from it. */
export function needOf(d: ValueDataset, values: Values, p: Period, today: string): Need {
  const need: Need = { key: values.key ?? "", today, section: d.sections ? (values.field ?? "").toLowerCase().split(".")[0] : undefined };
  const asked = values.cover === undefined ? 0 : Number(values.cover);
  if (d.reach === "quarters") {
    // The latest quarters the cell asks for in one request (statement-load.ts: older ones go by
    // report date, whichever costs fewer credits); cells of one company share the widest of them.
    const own = latestShare(values, today);
    if (own > SERVICE_BOUNDS.nQuartersMax) throw tooFarBack(own, p);
    return { ...need, cover: Math.max(asked, own) };
  }
  if (d.reach === "days") {
    // A year, a quarter or a part of a year: all its days (value-daily.ts).
    const span = daysRead(p, today);
    if (span) return { ...need, ...span };
    const end = periodEnd(p);
    const days =
      end === undefined ? Math.ceil((p.type === "back" ? p.steps : 1) * 1.5) + 10 : daysBetween(end < today ? end : today, today) + 21;
    return days <= SERVICE_BOUNDS.indexWindowDays ? { ...need, cover: bucket(Math.max(asked, days), DAY_STEPS) } : { ...need, end };
  }
  if (d.periodColumn === "year" && (p.type === "year" || p.type === "date" || p.type === "quarter"))
    return { ...need, year: p.type === "date" ? Number(p.date.slice(0, 4)) : p.year };
  return need;
}

const daysBetween = (a: string, b: string) => dayNumber(b) - dayNumber(a);

/** The dataset row's table: its own requests (cached as that row's), schema and layout; the daily
 *  prices' with what their layout needs to judge them (value-daily.ts). */
const loadValue = (edition: Edition): Loader =>
  function* (get, values, first, all) {
    const d = datasetOf(values);
    if (d.name === "quarterly") return yield* loadStatements(get, values, edition, isoDay(first.now ?? 0), all);
    const p = parsePeriod(values.period);
    const today = isoDay(first.now ?? 0);
    const need = needOf(d, values, p, today);
    const about = windowAbout(d, values, p, today, need);
    const rows = (n: Need) => rowTable(get, all, d, n, edition, first.now, n === need ? about : undefined);
    return d.name === "daily" ? yield* readDaily(rows, d, need, p) : yield* rows(need);
  };

/** The latest days a daily cell's request reaches, in words for explain=true: shared when a host
 *  widened it (`cover`) past what the cell needs so that its company's other cells use it too. */
function windowAbout(d: ValueDataset, values: Values, p: Period, today: string, need: Need): RequestAbout | undefined {
  if (d.reach !== "days" || need.cover === undefined) return undefined;
  const words = `${need.key}'s ${d.what}, the latest ${need.cover} days`;
  const own = values.cover === undefined ? need.cover : needOf(d, { ...values, cover: undefined }, p, today).cover;
  return own !== undefined && own < need.cover
    ? { words, shared: { reads: own, of: need.cover, unit: "days", with: `${need.key}'s other cells` } }
    : { words };
}

/** One request (or the row's load program) of the dataset's row for a need, as that row's table. */
function* rowTable(
  get: Get,
  all: GetAll | undefined,
  d: ValueDataset,
  need: Need,
  edition: Edition,
  now: number | undefined,
  about?: RequestAbout,
) {
  const row = rowTarget(d.fn, d.args(need), edition);
  const rowGet: Get = (path, query, options) =>
    get(path, query, { life: options?.life ?? d.fn, repeated: options?.repeated ?? row.target.repeated, about: options?.about ?? about });
  // Requests side by side (a long window's) live as the row's too.
  const rowAll: GetAll | undefined = all && ((requests) => all(requests.map((r) => ({ ...r, life: r.life ?? d.fn }))));
  const raw = row.endpoint.load
    ? yield* row.endpoint.load(rowGet, row.sent, { ...row.target, fn: d.fn.name, now }, rowAll)
    : yield* oneOf(rowGet, row.target, row.endpoint.envelope ? d.fn.name : undefined);
  const decoded = parseResponse(row.endpoint.response, raw);
  if (!decoded.success) throw unexpectedShape(`the service's answer for ${d.fn.name} (VALUE's ${d.what})`, decoded);
  return row.endpoint.layout(decoded.data, row.values) as Table;
}

function* oneOf(get: Get, target: { path: string; query: Values }, envelopeOf: string | undefined) {
  const json = yield* get(target.path, target.query);
  return envelopeOf ? resultsOf(json, envelopeOf) : json;
}

const isAbsent = (cell: Cell | undefined) => cell === null || cell === undefined || cell === "";

/** What a call's load gives its layout: a dataset row's table, or the statements read as one. */
type Loaded = Table | StatementsRead | DailyRead;

/** The one cell of the table a call asks for, or #N/A naming the field or the period. */
function pick(loaded: Loaded, values: Values, edition: Edition): Table {
  const d = datasetOf(values);
  const asked = values.field ?? "";
  if (d.name === "daily") return dailyValue(loaded as DailyRead, d, asked, parsePeriod(values.period), values.key ?? "");
  const field = editionField(d, asked, edition);
  const p = parsePeriod(values.period);
  const key = values.key ?? "";
  if ("statements" in loaded) return fromStatements(loaded, values, asked, field, p);
  const table = loaded;
  if (!table.rows.length) throw new MdqError("no_data", `no ${d.what} for ${key}. Check the key.`);
  // explain=true names what was read: the row (its day or year, whatever period picked it) or the
  // report's field with its year.
  const [found, where] = d.periodColumn ? inRows(table, d, field, p, key) : inReport(table, d, field, p, key, values.period !== undefined);
  if (isAbsent(found)) throw notReported(key, asked, d, p);
  return { columns: [asked], rows: [[found as Cell]], orient: "rows", value: true, source: `${key}'s ${d.what}${where}` };
}

/** A statements value: the quarters the period means, read as one (statement-reading.ts). A value
 *  counted from the latest (-1, LAST, TTM) carries the last quarter it covers, so that a grid can
 *  refuse a company a quarter or more behind the others (late=accept uses it). */
function fromStatements(read: StatementsRead, values: Values, asked: string, field: string, p: Period): Table {
  const all = read.statements;
  // A fiscal period without a fiscal calendar says so (resolve), before anything else.
  if (all.empty && !(isFiscal(p) && !all.calendar)) throw new MdqError("no_data", `no quarterly statements for ${all.key}. Check the key.`);
  // A date where rows carry report dates reads the statements as they stood that day.
  const s = p.type === "date" && all.reportDated ? all.asOf(p.date) : all;
  const ends = s.resolve(p, read.today);
  const label =
    p.type === "ttm" && !p.end
      ? `TTM (to ${s.name(ends[3])})`
      : p.type === "back"
        ? `${periodText(p)} (${s.name(ends[0])})`
        : periodText(p);
  const relative = p.type === "back" || (p.type === "ttm" && !p.end);
  const found = statementValue(s, field, ends, label, {
    change: values.change as Change | undefined,
    nm: values.nm as "error" | "text" | undefined,
  });
  if (!found || isAbsent(found.value)) throw notReported(s.key, asked, datasetNamed("quarterly"), p);
  const guessed = s.guessed ? "; a row dated after its quarter's end has no fiscal label: read as the quarter ended before its date" : "";
  const latest = s.latest as number;
  const uses =
    ends.length > 1 ? `its ${label} would be ${s.name(ends[0])} to ${s.name(ends[ends.length - 1])}` : `its ${label} would be read`;
  return {
    columns: [asked],
    rows: [[found.value]],
    orient: "rows",
    value: true,
    source: `${found.source}${guessed}`,
    yearEnd: isFiscal(p) ? s.calendar?.yearEnd : undefined,
    asOf: relative
      ? {
          latest: monthEnd(latest),
          behind:
            values.late === "accept"
              ? undefined
              : (newest: string) =>
                  new MdqError(
                    "no_data",
                    `${s.key}'s latest quarter is ${s.name(latest)}, a quarter or more behind the others' (to ${newest}): ${uses} (late=accept uses it).`,
                  ),
        }
      : undefined,
  };
}

/** The row a period picked, as explain=true says it: a day or a year; the period as asked beside
 *  it when it said otherwise ("the latest", a date between trading days). */
function rowText(picked: Cell | undefined, d: ValueDataset, p: Period, field: string): string {
  const named = d.periodColumn === "date" ? String(picked ?? "").slice(0, 10) : String(picked);
  const asked = periodText(p);
  return `, the row of ${named}${asked === named ? "" : ` (asked: ${asked})`}: ${field}`;
}

const notReported = (key: string, field: string, d: ValueDataset, p: Period) =>
  new MdqError("no_data", `${key} does not report '${field}' in its ${d.what} for ${periodText(p)}: no value, so no number is shown.`);

const columnOf = (table: Table, field: string) => table.columns.findIndex((c) => c.toLowerCase() === field.toLowerCase());

function inRows(table: Table, d: ValueDataset, field: string, p: Period, key: string): [Cell | undefined, string] {
  const col = columnOf(table, field);
  const at = table.columns.indexOf(d.periodColumn as string);
  const keys = table.rows.map((r) => r[at]);
  const row = d.periodColumn === "date" ? pickDated(keys.map(String), p) : pickYear(keys.map(Number), p);
  if (row === undefined) {
    const sorted = keys.map(String).sort();
    throw new MdqError(
      "no_data",
      `${key}'s ${d.what} have no ${periodText(p)}: they cover ${sorted[0]} to ${sorted[sorted.length - 1]} (${sorted.length} ${d.periodColumn === "date" ? "rows" : "years"}). Give a period within them.`,
    );
  }
  return [col < 0 ? undefined : table.rows[row][col], rowText(table.rows[row][at], d, p, field)];
}

/** A report is one record: a field with a period has it as one more segment of its name
 *  (`financials.historical_earnings` for 2023 is `financials.historical_earnings.2023`). */
function inReport(table: Table, d: ValueDataset, field: string, p: Period, key: string, periodGiven: boolean): [Cell | undefined, string] {
  const record = table.rows[0];
  const want = field.toLowerCase().split(".");
  const exact = columnOf(table, field);
  const dated: Array<{ at: string; col: number }> = [];
  table.columns.forEach((name, col) => {
    const segs = name.toLowerCase().split(".");
    if (segs.length !== want.length + 1) return;
    const gap = segs.findIndex((_, i) => [...segs.slice(0, i), ...segs.slice(i + 1)].join(".") === want.join("."));
    if (gap >= 0) dated.push({ at: name.split(".")[gap], col });
  });
  if (!dated.length) {
    if (periodGiven && !(p.type === "back" && p.steps === 1) && exact >= 0)
      throw badArgument("period", `blank for '${field}', which has one value in the ${d.what} (no periods)`, periodText(p));
    return [exact < 0 ? undefined : record[exact], `: ${exact < 0 ? field : table.columns[exact]}`];
  }
  const years = dated.filter((x) => /^\d{4}$/.test(x.at)).sort((a, b) => Number(a.at) - Number(b.at));
  const hit =
    p.type === "back"
      ? years[years.length - p.steps]
      : dated.find((x) => x.at === (p.type === "date" ? p.date : p.type === "year" ? String(p.year) : periodText(p)));
  if (!hit) {
    throw new MdqError(
      "no_data",
      `${key}'s ${d.what} have no '${field}' for ${periodText(p)}: it is given for ${dated.map((x) => x.at).join(", ")}.`,
    );
  }
  return [record[hit.col], `: ${table.columns[hit.col]}${p.type === "back" ? ` (asked: ${periodText(p)})` : ""}`];
}

/** Passes the row's table, already decoded by its own schema, on to the layout. */
const asLoaded: Schema<Loaded> = { decode: (v) => v as Loaded, spread: "open" };

/** VALUE in an edition: a dataset the edition lacks is refused before any request. */
const valueIn = (edition: Edition, path: string) =>
  endpoint<Loaded>({
    path,
    response: asLoaded,
    layout: (table, values) => pick(table, values, edition),
    load: loadValue(edition),
    route: (values) => {
      const d = datasetOf(values);
      if (!d.fn.editions[edition]) throw notOffered(`VALUE from the ${d.what} (${d.fn.name})`, edition, d.fn.instead);
      checkField(d, values.field ?? "", edition);
      editionField(d, values.field ?? "", edition);
      // The call's first request as prepared is the dataset's path for the key (its load adds the reach).
      const keyArg = d.fn.args[0];
      return { path: d.fn.editions[edition]?.path, rename: (v: Values) => ({ [keyArg.name]: parseArg("key", keyArg.kind, v.key) }) };
    },
  });

const fieldList = (d: ValueDataset) =>
  d.sections
    ? `\`section.field\` as ${d.fn.name} shows it (sections: ${d.sections.join(", ")})`
    : datasetFields(d)
        .map((f) => `\`${f}\``)
        .join(", ");

export const VALUE: FunctionSpec = {
  name: "VALUE",
  group: "general",
  marketOf: (values) => datasetOf(values).fn.group,
  summary:
    "One value in one cell: a company's field for a period, from the quarterly statements, the company report, daily prices, KLSE and SGX reports or the mining financials.",
  args: [
    {
      name: "key",
      kind: keyKind,
      help: "the company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05); for a grid, a column of up to 50",
      required: true,
      at: "local",
    },
    {
      name: "field",
      kind: fieldKind,
      help: "a field as the tables name it (revenue, close, overview.market_cap) or a ratio (net_margin, roe, ...); for a grid, a row of fields",
      required: true,
      at: "local",
    },
    {
      name: "period",
      kind: period,
      help: "blank: the latest; for a grid of one field, a row of periods",
      at: "local",
    },
  ],
  options: [
    { name: "dataset", kind: choice(DATASET_NAMES), help: "where the field is (default: from the field and the key)", at: "local" },
    {
      name: "change",
      kind: choice(CHANGES),
      help: "the statements' change against the same period a year earlier (yoy) or a quarter earlier (qoq), as a fraction (0.12 is +12%); a ratio's in percentage points (0.012 is 1.2 points)",
      at: "local",
    },
    {
      name: "late",
      kind: choice(["accept", "error"]),
      help: "in a grid, -1, LAST or TTM of a company a quarter or more behind the others: error (default) names the quarter it would use; accept uses it",
      at: "local",
    },
    {
      name: "nm",
      kind: choice(NM_FORMS),
      help: "a change from a negative or zero base, or a ratio over a base that is not positive, is not meaningful: error (default, #N/A saying why) or text (the cell shows NM)",
      at: "local",
    },
    {
      name: "cover",
      kind: int(0, SERVICE_BOUNDS.nQuartersMax),
      help: "quarters (quarterly) or days (daily) the request reaches back at least (Excel sets it to share one request among cells)",
      at: "local",
    },
  ],
  editions: { spec: valueIn("spec", "/v1/financials/quarterly/{ticker}/"), live: valueIn("live", "/v2/financials/quarterly/{ticker}/") },
  ttl: TTL.financials,
  output: [
    "One value, no header. The requests are the dataset's own row's, so VALUE cells share their answers with each other and with that function's cells: quarterly fields read QUARTERLY (the latest quarters, the widest a company's cells ask for when a host gathers them, and older quarters by report date; see Credits below) and LIST quarterly_dates (the fiscal dates), daily prices DAILY (live), reports COMPANY_REPORT (live), KLSE_REPORT, SGX_REPORT (live) one section, mining financials MINING_FINANCIALS.",
    "The dataset: `dataset=` if given; else a quarterly or daily field names its own; else a `section.field` is the report of the key's market (4 digits KLSE, 3 characters SGX, else IDX). Mining financials need `dataset=mining_financials` (their `revenue` would be the quarterly one).",
    "`period`: on the daily prices and reports, a date picks the last row on or before it and -N the N-th latest; mining financials and reports have years of their own, which a year picks. In a report, the period is the segment a field's name lacks: `financials.historical_revenue` for 2023 is `financials.historical_revenue.2023`.",
    "The quarterly statements are read one way by every period, single quarters, sums, TTM, changes and ratios alike. **Quarters**: a row's `date` is the provider's report date; each row is the fiscal quarter the provider's fiscal dates label it (LIST quarterly_dates), else the quarter ended last on or before its date, so a report dated weeks after its quarter's end lands in the quarter it reports. **Restatements**: of several rows for one quarter the latest report wins (on one date, the first the provider lists, the newest first); `explain=true` names the row and the rows it won over.",
    "**Fiscal and calendar periods**: a quarter (`2024Q3`), a year (`2024`, `FY2024`), `H1 2024`, `H2 2024` and `9M 2024` (year to date) are the company's fiscal ones, named by the calendar year the fiscal year ends in (a June year's FY2024 runs from July 2023 to June 2024); `CY2024`, `CY2024Q3`, `CY H1 2024` are calendar ones. A fiscal period asks the company's fiscal dates (1 credit, kept as long as the statements); where the provider lists none, a fiscal period is #N/A saying so (never a December year assumed), and a calendar one still answers. A grid whose companies' fiscal years end in different months says so in a note (in the cells, unless `notes=false`). `TTM` is the latest four quarters, `TTM 2024Q3` the four ending there. The statements' figures are each quarter's own (not year to date): over several quarters a flow field (income statement, cash flow, a bank's interest) is the sum of its quarters, a stock field (balance sheet, loans, deposits, shares outstanding) its value at the last quarter; a quarter missing from the statements, or a flow a quarter does not report, is #N/A naming it, never a partial sum.",
    `**Point in time**: a date as the period is, where the provider dates rows at their reports, the latest quarter reported on or before that date (its version known then: a later restatement is not seen), and a date after today is #N/A (what the company will have reported by then is not known); where rows are dated at their quarters' ends, the quarter that holds the date, exactly. A quarter missing is #N/A naming it: never another quarter in its place, never one reported after the date. **Late filers**: -N, \`LAST\` and \`TTM\` count from each company's latest quarter; in a grid, a company whose latest quarter is a quarter or more behind another's is #N/A naming the quarter it would use, so that companies are never compared on different quarters unsaid; \`late=accept\` uses it.`,
    `**Ratios**, as fractions (0.25 is 25%): ${[...RATIOS].map(([name, r]) => ratioFormula(name, r)).join("; ")}. **Changes**: \`change=yoy\` gives a field's change against the same period a year earlier, \`change=qoq\` a quarter earlier (a quarter or TTM), as a fraction of the earlier value; a ratio's change is the difference in percentage points, as a fraction (0.012 is 1.2 points). A change from a negative or zero base, and a ratio over a base that is not positive, is not meaningful: #N/A starting \`NM\` and saying why, or the text \`NM\` with \`nm=text\`. All from the statements' own quarters.`,
    `**Credits**: the provider bills each quarter returned. A cell asks for the latest N quarters in one request where they are recent, and for each older quarter by its report date (1 credit each, from the fiscal dates), whichever costs fewer credits (counted before sending; on a tie, fewer requests): \`FY2021\` in 2026 costs the fiscal dates and its four quarters (5 credits), not the 23 quarters since.`,
    `On the daily prices (market data) a year, a quarter, \`H1\`, \`H2\` and \`9M\` are calendar spans, a market having no fiscal year: every trading day of the span is read, through DAILY's own windows (a year about five requests, shared with DAILY's cells), and the field combined by DAILY's \`period=\` rule for it (${rulesInWords(datasetNamed("daily").fn)}), so \`FY2024\` is DAILY's yearly row of 2024; a span not over yet is combined over its days so far, one that starts before the service's first day (${SERVICE_BOUNDS.indexFirstDate}) or before the company's first trading day is an error naming that day, never a partial figure, and TTM is refused.`,
    "A field the company does not report, or an empty value, is #N/A naming the field; a period outside the data is #N/A saying what the data covers.",
    "A grid: a column (or comma list) of up to 50 keys, and a row (or comma list) of up to 100 fields for one period, or of periods for one field, spill one table: a row per key, a column per field or period, the top-left cell naming what every cell shares (the period, or the field), headed unless `headers=false`. Every cell is checked before any request, and a key's cells share their requests (the latest quarters as far back as the widest cell asks, each older quarter once, the fiscal dates once), and none while cached. A cell without a value is blank, and an `error` column says why for its row; a blank key is a blank row, so the grid stays aligned with the range beside it.",
    `In the live edition the statements have no ${[...LIVE_ABSENT.keys()].map((f) => `\`${f}\``).join(", ")}: ${[...LIVE_ABSENT]
      .filter(([, x]) => x.reads)
      .map(([f, x]) => `\`${f}\` is read as \`${x.reads}\``)
      .join(", ")}; the others are refused before any request, naming what to use instead.`,
    ...DATASETS.map((d) => `Fields of the ${d.what} (\`${d.name}\`): ${fieldList(d)}.`),
  ].join(" "),
  example: ["BBCA", "revenue", "-1"],
  check,
  grid: { down: "key", across: ["field", "period"] },
  gathering: (values, now) => {
    if (values.cover !== undefined) return undefined;
    const d = datasetOf(values);
    const need = needOf(d, values, parsePeriod(values.period), isoDay(now));
    // A statements cell whose quarters all go by report date joins its company's group with 0, so
    // that the latest quarters the others ask for serve it where they reach.
    return need.cover === undefined ? undefined : { group: `${d.name}\u0000${(values.key ?? "").toUpperCase()}`, cover: need.cover };
  },
};
