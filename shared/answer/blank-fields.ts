// The fields a company's template never fills, left out of a statement: a bank's answer carries
// cost_of_revenue, gross_profit and the insurers' premiums as nulls in every quarter, a third of
// its rows blank. A layout marks its table (`omitBlank`) unless the call asked for `all=true`.
import type { Cell, Table } from "../base/table";

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || cell === "";

/** A table its layout marked `omitBlank` without the columns blank in every record: a column
 *  with a value in any record (a 0 included) stays, and so do the key column (QUARTERLY's `date`)
 *  and every column `named` names (`fields=`: by its name, or a parent's such as
 *  `financials_sector_metrics`), so a field asked for is never dropped. Of a batch, the stacked
 *  table's: a field one company fills keeps its place for all. Any other table is left as it is. */
export function withoutBlankFields(table: Table, named: readonly string[] = []): Table {
  if (!table.omitBlank || table.rows.length === 0) return table;
  const asked = named.map((n) => n.toLowerCase());
  const isAsked = (column: string) => {
    const c = column.toLowerCase();
    return asked.some((f) => c === f || c.startsWith(`${f}.`));
  };
  const kept = table.columns.flatMap((name, i) =>
    name === table.key || isAsked(name) || table.rows.some((row) => !isBlank(row[i])) ? [i] : [],
  );
  if (kept.length === table.columns.length) return table;
  return {
    ...table,
    columns: kept.map((i) => table.columns[i]),
    rows: table.rows.map((row) => kept.map((i) => row[i])),
  };
}
