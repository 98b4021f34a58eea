// The live edition's reports (company, sub-sector, SGX): a report reads as `field, value` rows,
// and each list or year map inside it can be asked for as a table of its own (`table`), one row
// per record: major shareholders, historical financials, dividends by year, top companies.

import { tableOf } from "../../answer/flatten";
import { keyed } from "../../answer/keyed";
import { isObject } from "../../answer/response";
import { ownValue } from "../../base/own";
import type { Table } from "../../base/table";
import { bool, choice, choiceList } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";

/** Where a table sits: the section that holds it, the path to it ("*": every item of a list),
 *  and, for a map of records, the name of the column its keys become. */
export interface ReportTable {
  section: string;
  path: readonly string[];
  key?: string;
  /** Its records' own lists of records keyed into columns (a peer's scores by name) instead of
   *  rows, where each record should stay one row. */
  keyed?: boolean;
  /** A statement by year (historical financials, ratios, valuation): its fields blank in every
   *  year, those the company's template never fills (a bank's cost_of_revenue, a non-bank's
   *  loans), are left out unless `all=true`, as QUARTERLY's. */
  statement?: boolean;
}

/** The option that shows every field of a report's yearly statements, blank ones included. */
export const reportAllOption = (tables: Readonly<Record<string, ReportTable>>): ArgSpec => {
  const statements = Object.keys(tables).filter((name) => tables[name].statement);
  return {
    name: "all",
    kind: bool,
    help: `with table ${statements.join(", ")}: TRUE shows every field, also those blank in every year (fields the company's template never fills, such as a bank's cost_of_revenue), which are left out by default; a field named in fields= is always shown`,
    at: "local",
  };
};

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
    // One record as `field, value` rows keys its lists of records (flatten.ts); a table gives them rows.
    if (!table) return tableOf([data], "columns");
    const rows = records(at(data, table.path), table.key);
    const out = tableOf(table.keyed ? rows.map((r) => keyed(r) as Record<string, unknown>) : rows);
    return table.statement ? { ...out, omitBlank: values.all !== "true" } : out;
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
