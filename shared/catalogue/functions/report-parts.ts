// The live edition's reports (company, sub-sector, SGX): a report reads as `field, value` rows,
// and each list or year map inside it can be asked for as a table of its own (`table`), one row
// per record: major shareholders, historical financials, dividends by year, top companies.

import { tableOf } from "../../answer/flatten";
import { isObject } from "../../answer/response";
import { ownValue } from "../../base/own";
import type { Table } from "../../base/table";
import { choice, choiceList } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";

/** Where a table sits: the section that holds it, the path to it ("*": every item of a list),
 *  and, for a map of records, the name of the column its keys become. */
export interface ReportTable {
  section: string;
  path: readonly string[];
  key?: string;
}

/** What names a record in a list of a report: its year or date, else its name or symbol. */
const LABELS = ["year", "estimate_year", "date", "name", "symbol", "period"];

/** Lists of records become records keyed by each one's label, so a report reads as `field, value`
 *  rows such as `valuation.historical_valuation.2022.pe`; a list whose labels repeat is numbered. */
function keyed(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!value.length || !value.every(isObject)) return value;
    const unique = (l: string) =>
      value.every((v) => v[l] !== undefined && v[l] !== null) && new Set(value.map((v) => String(v[l]))).size === value.length;
    const label = LABELS.find(unique);
    // The label names the entry, so it is not repeated inside it.
    const entry = (v: Record<string, unknown>) => keyed(label ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== label)) : v);
    return Object.fromEntries(value.map((v, i) => [label ? String(v[label]) : String(i + 1), entry(v)]));
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyed(v)]));
  return value;
}

/** The value at a path; "*" gathers that step from every item of a list. */
function at(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (step === "*") return Array.isArray(value) ? value.flatMap((v) => [at(v, rest)].flat()) : undefined;
  return isObject(value) ? at(ownValue(value, step), rest) : undefined;
}

/** A list of records, or a map of records (its keys in a column of their own), as records. */
function records(value: unknown, key = "key"): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.filter(isObject);
  if (!isObject(value)) return [];
  return Object.entries(value)
    .filter(([, v]) => isObject(v))
    .map(([k, v]) => ({ [key]: /^\d{4}$/.test(k) ? Number(k) : k, ...(v as Record<string, unknown>) }));
}

/** The report as `field, value` rows, or one of its tables as rows. */
export const reportLayout =
  (tables: Readonly<Record<string, ReportTable>>) =>
  (data: unknown, values: Values): Table => {
    if (!isObject(data)) return tableOf([], "columns");
    const table = values.table === undefined ? undefined : ownValue(tables, values.table);
    if (!table) return tableOf([keyed(data) as Record<string, unknown>], "columns");
    return tableOf(records(at(data, table.path), table.key));
  };

/** The `sections` the service is asked for: those given, else the one that holds the table. */
export const reportSections =
  (tables: Readonly<Record<string, ReportTable>>) =>
  (values: Values): Values => ({
    sections: values.sections ?? (values.table === undefined ? undefined : ownValue(tables, values.table)?.section),
  });

/** A table must be in a section asked for. */
export const tableInSections =
  (tables: Readonly<Record<string, ReportTable>>) =>
  (values: Values): string | undefined => {
    const section = values.table === undefined ? undefined : ownValue(tables, values.table)?.section;
    if (!section || values.sections === undefined || values.sections.split(",").includes(section)) return undefined;
    return `the table '${values.table}' is in the section '${section}': add it to 'sections', or leave 'sections' blank`;
  };

/** The `sections` and `table` arguments of a report. */
export const reportArgs = (sections: readonly string[], tables: Readonly<Record<string, ReportTable>>): ArgSpec[] => [
  {
    name: "sections",
    kind: choiceList(sections),
    help: "parts of the report, a comma list (default all; the provider bills one credit per section)",
    at: "local",
  },
  {
    name: "table",
    kind: choice(Object.keys(tables)),
    help: "one list of the report as rows of its own (default: the report as field, value rows)",
    at: "local",
  },
];
