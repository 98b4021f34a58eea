// Rankings of a market's top companies (KLSE_TOP, SGX_TOP): one list per classification.

import { type Decoded, entriesOf, isFields, isObject, listOf, numbers, record, str } from "../../answer/response";
import { ownValue } from "../../base/own";
import { type Cell, longTable, type Table } from "../../base/table";
import { KLSE_CLASSIFICATIONS } from "../vocabularies";

/** A ranked company: every ranking's value field in every edition and market (the dividend
 *  ranking's value is `forward_dividend_yield` or `dividend_yield`), so one shape serves all. */
const VALUE_FIELDS = [...Object.values(KLSE_CLASSIFICATIONS), "dividend_yield"] as const;
const item = record({ symbol: str, company_name: str, ...numbers(VALUE_FIELDS) });
/** The rankings are the lists; anything else at the top (a date the service adds) is not one. */
export const rankings = entriesOf(listOf(item), Array.isArray);

/** Long rows, one per ranked company; `value` is the ranking's own field. */
export function ranks(data: Decoded<typeof rankings>): Table {
  const rows: Cell[][] = [];
  if (!isObject(data)) return longTable([], rows);
  for (const [classification, items] of Object.entries(data)) {
    // A ranking the service adds later has no known value field: its rows show no value.
    const field = ownValue<string>(KLSE_CLASSIFICATIONS, classification);
    if (!Array.isArray(items)) continue;
    items.forEach((it, i) => {
      if (!isFields(it)) return;
      const value = (field ? ownValue(it, field) : undefined) ?? ownValue(it, classification) ?? null;
      rows.push([classification, i + 1, it.symbol ?? null, it.company_name ?? null, value as Cell]);
    });
  }
  return longTable(["classification", "rank", "symbol", "company_name", "value"], rows);
}
