// A list of records read as one record: each entry under its label (its year, date, name or
// symbol), so a single record shown as `field, value` rows stays one column of values
// (`valuation.historical_valuation.2022.pe`, `mining_license.1.license_number`).
import { isObject } from "./response";

/** What names a record in a list: its year or date, else its name or symbol. */
const LABELS = ["year", "estimate_year", "date", "name", "symbol", "period"];

/** Lists of records (at any depth) become records keyed by each one's label; a list whose labels
 *  repeat or are missing is numbered from 1. Other values are kept as they are. */
export function keyed(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!value.length || !value.some(isObject)) return value;
    const records = value.filter(isObject);
    const unique = (l: string) =>
      records.length === value.length &&
      records.every((v) => v[l] !== undefined && v[l] !== null) &&
      new Set(records.map((v) => String(v[l]))).size === records.length;
    const label = LABELS.find(unique);
    // The label names the entry, so it is not repeated inside it.
    const entry = (v: unknown) => keyed(label && isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== label)) : v);
    return Object.fromEntries(value.map((v, i) => [label && isObject(v) ? String(v[label]) : String(i + 1), entry(v)]));
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyed(v)]));
  return value;
}
