// Where VALUE finds a field: which row's answer (request, schema and layout) holds it, by which
// names, and how a period picks it. Each dataset reuses its row whole; VALUE only reads the table
// that row lays out.

import type { KnownColumns } from "../../answer/response";
import { type CellValue, isoDaysAfter } from "../../base/cells";
import type { Edition } from "../../base/editions";
import type { FunctionSpec } from "../../rows/function-spec";
import { COMPANY_REPORT_SECTIONS, KLSE_REPORT_SECTIONS, SERVICE_BOUNDS } from "../vocabularies";
import { COMPANY_REPORT } from "./company-report";
import { DAILY } from "./daily";
import { KLSE_REPORT } from "./klse-report";
import { MINING_FINANCIALS } from "./mining-company";
import { QUARTERLY } from "./quarterly";
import { SGX_REPORT, SGX_SECTIONS } from "./sgx";

export const DATASET_NAMES = ["quarterly", "daily", "company_report", "klse_report", "sgx_report", "mining_financials"] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];

/** How far back a request reaches, where a step back or an older period needs more rows. */
export type Reach = "quarters" | "days";

/** What the request of one VALUE call needs: its dataset's row arguments follow from it. */
export interface Need {
  key: string;
  /** The report's section the field is in. */
  section?: string;
  /** Quarters or days back from today (a dataset with a reach). */
  cover?: number;
  /** A fixed window's first day (daily prices over a year, a quarter or a part of a year). */
  start?: string;
  /** A fixed window's last day (daily prices older than the reach, or over a span). */
  end?: string;
  /** The year asked (a yearly dataset). */
  year?: number;
  today: string;
}

export interface ValueDataset {
  name: DatasetName;
  /** The row whose answer holds the field. */
  fn: FunctionSpec;
  /** Words for messages: "the quarterly statements". */
  what: string;
  /** The column a period picks rows by; none: a report, one record, its periods inside the field names. */
  periodColumn?: "date" | "year";
  /** A report's sections: a field is `section.name...`. */
  sections?: readonly string[];
  reach?: Reach;
  /** The row's arguments for one request. */
  args(need: Need): CellValue[];
  /** The key's form that picks this dataset without `dataset=` (IDX, KLSE, SGX). */
  market: "idx" | "klse" | "sgx";
}

/** Columns of a record that name it rather than measure it: not fields of VALUE. */
const IDENTITY = new Set(["date", "symbol", "slug", "name", "idx_ticker", "year"]);

const fieldsMade = new Map<string, KnownColumns | undefined>();

/** A row's fields in an edition, from its response schema: what the table's columns can be. Made
 *  once per row and edition: every VALUE cell checks its field against them. */
export function schemaFields(fn: FunctionSpec, edition: Edition): KnownColumns | undefined {
  const id = `${fn.name} ${edition}`;
  if (!fieldsMade.has(id)) fieldsMade.set(id, fieldsOf(fn, edition));
  return fieldsMade.get(id);
}

function fieldsOf(fn: FunctionSpec, edition: Edition): KnownColumns | undefined {
  const known = fn.editions[edition]?.response.columns;
  if (!known) return undefined;
  // A map or record parent ("revenue_breakdown") is no value of its own: its children are.
  const parents = new Set([...known.open, ...known.names.filter((n) => known.names.some((m) => m.startsWith(`${n}.`)))]);
  return { names: known.names.filter((n) => !IDENTITY.has(n) && !parents.has(n)), open: known.open };
}

const isoDaysBefore = (iso: string, days: number) => isoDaysAfter(iso, -days);

/** The service has no prices before its first day: a window reaching further starts there. */
const notBeforeData = (iso: string) => (iso < SERVICE_BOUNDS.indexFirstDate ? SERVICE_BOUNDS.indexFirstDate : iso);

export const DATASETS: readonly ValueDataset[] = [
  {
    name: "quarterly",
    fn: QUARTERLY,
    what: "quarterly statements",
    periodColumn: "date",
    reach: "quarters",
    market: "idx",
    args: (n) => [n.key, n.cover ?? 1, "", ""],
  },
  {
    name: "daily",
    fn: DAILY,
    what: "daily prices",
    periodColumn: "date",
    reach: "days",
    market: "idx",
    // A span: all its days; recent days: a window back from today; older: the three weeks up to
    // the period's end.
    args: (n) =>
      n.start
        ? [n.key, notBeforeData(n.start), n.end ?? ""]
        : n.end
          ? [n.key, notBeforeData(isoDaysBefore(n.end, 21)), n.end]
          : [n.key, notBeforeData(isoDaysBefore(n.today, (n.cover ?? SERVICE_BOUNDS.indexDefaultDays) - 1)), ""],
  },
  {
    name: "company_report",
    fn: COMPANY_REPORT,
    what: "company report",
    sections: COMPANY_REPORT_SECTIONS,
    market: "idx",
    args: (n) => [n.key, n.section ?? "", ""],
  },
  {
    name: "klse_report",
    fn: KLSE_REPORT,
    what: "KLSE company report",
    sections: KLSE_REPORT_SECTIONS.filter((s) => s !== "all" && !s.startsWith("historical_")),
    market: "klse",
    args: (n) => [n.key, n.section ?? ""],
  },
  {
    name: "sgx_report",
    fn: SGX_REPORT,
    what: "SGX company report",
    sections: SGX_SECTIONS,
    market: "sgx",
    args: (n) => [n.key, n.section ?? "", ""],
  },
  {
    name: "mining_financials",
    fn: MINING_FINANCIALS,
    what: "mining financials",
    periodColumn: "year",
    market: "idx",
    args: (n) => [n.key, n.year ?? ""],
  },
];

const BY_NAME = new Map(DATASETS.map((d) => [d.name, d]));
export const datasetNamed = (name: DatasetName): ValueDataset => BY_NAME.get(name) as ValueDataset;

/** The market a key's form names: four digits KLSE, three characters SGX, else IDX. */
export const marketOf = (key: string): ValueDataset["market"] =>
  /^\d{4}$/.test(key) ? "klse" : /^[A-Za-z0-9]{3}(\.si)?$/i.test(key) ? "sgx" : "idx";

/** The fields of a dataset with a schema, in any edition that offers it: the pick list. */
export function datasetFields(d: ValueDataset): string[] {
  const names = new Set<string>();
  for (const edition of ["spec", "live"] as const) for (const n of schemaFields(d.fn, edition)?.names ?? []) names.add(n);
  return [...names];
}

let ownFields: ReadonlyMap<string, DatasetName> | undefined;

/** Every field that picks its dataset by itself, in the order datasets are tried. Made on the first
 *  VALUE call, not as the bundle loads: it reads every dataset's schema. */
export const valueFields = (): ReadonlyMap<string, DatasetName> =>
  (ownFields ??= new Map(
    DATASETS.filter((d) => !d.sections && d.name !== "mining_financials").flatMap((d) => datasetFields(d).map((f) => [f, d.name] as const)),
  ));
