// Which results are series, and what to plot: read from the result's own header names, so a
// result with other options (orient=rows, fields=...) still charts when it has the fields, and
// one without them (headers=false) simply does not.
import { findFunction, serialToIso } from "../../shared";
import type { Value } from "./sheet";

export interface Series {
  type: "line" | "bar";
  title: string;
  labels: string[];
  datasets: Array<{ label: string; data: Array<number | null> }>;
}

/** Field name → its values, whether the result has one record per row (names in the first row)
 *  or is transposed (names in the first column, as QUARTERLY's statement layout). */
function fieldsOf(cells: Value[][], needed: string[]): Map<string, Value[]> | undefined {
  const first = cells[0] ?? [];
  if (needed.every((n) => first.includes(n))) {
    return new Map(needed.map((n) => [n, cells.slice(1).map((row) => row[first.indexOf(n)] ?? null)]));
  }
  const names = cells.map((row) => row[0]);
  if (needed.every((n) => names.includes(n))) {
    return new Map(needed.map((n) => [n, cells[names.indexOf(n)].slice(1)]));
  }
  return undefined;
}

const asNumber = (v: Value): number | null => (typeof v === "number" ? v : null);
/** A date cell as text: ISO already, or a serial number with dates=date. */
const asDate = (v: Value): string => (typeof v === "number" ? serialToIso(v) : String(v ?? ""));

/** A time series with its dates down the first column (`layout=wide`, or one with no key column):
 *  one line per other column, a note's last row and the `filled` column left out. */
function dateColumns(name: string, cells: Value[][]): Series | undefined {
  const head = cells[0] ?? [];
  if (!findFunction(name)?.series || head[0] !== "date" || head.length < 2) return undefined;
  const rows = cells.slice(1).filter((r) => !(typeof r[0] === "string" && r[0].startsWith("note: ")));
  const columns = head.slice(1).filter((h) => h !== "filled");
  return {
    type: "line",
    title: `${name} ${columns.join(", ")}`,
    labels: rows.map((r) => asDate(r[0])),
    datasets: columns.map((c) => ({ label: String(c), data: rows.map((r) => asNumber(r[head.indexOf(c)] ?? null)) })),
  };
}

export function seriesOf(name: string, cells: Value[][]): Series | undefined {
  const wide = dateColumns(name, cells);
  if (wide) return wide;
  if (name === "INDEX") {
    const f = fieldsOf(cells, ["date", "price"]);
    if (!f) return undefined;
    const code = fieldsOf(cells, ["index_code"])?.get("index_code")?.[0];
    return {
      type: "line",
      title: `${code ?? "Index"} closing price`,
      labels: f.get("date")!.map(asDate),
      datasets: [{ label: "price", data: f.get("price")!.map(asNumber) }],
    };
  }
  if (name === "QUARTERLY") {
    const f = fieldsOf(cells, ["date", "revenue", "earnings"]);
    if (!f) return undefined;
    const symbol = fieldsOf(cells, ["symbol"])?.get("symbol")?.[0];
    return {
      type: "bar",
      title: `${symbol ?? "Quarterly"} revenue and earnings per quarter`,
      labels: f.get("date")!.map(asDate),
      datasets: ["revenue", "earnings"].map((field) => ({ label: field, data: f.get(field)!.map(asNumber) })),
    };
  }
  if (name === "SALES_DESTINATION") {
    const f = fieldsOf(cells, ["year", "country", "revenue"]);
    if (!f) return undefined;
    const years = f.get("year")!;
    const countries = f.get("country")!.map((c) => String(c ?? ""));
    const revenue = f.get("revenue")!.map(asNumber);
    const labels = [...new Set(countries)];
    // One bar group per country, one bar per year that has revenue figures.
    const byYear = new Map<string, Array<number | null>>();
    years.forEach((year, i) => {
      if (revenue[i] === null) return;
      const key = String(year);
      if (!byYear.has(key)) byYear.set(key, new Array<number | null>(labels.length).fill(null));
      byYear.get(key)![labels.indexOf(countries[i])] = revenue[i];
    });
    if (byYear.size === 0) return undefined;
    return {
      type: "bar",
      title: "Revenue by destination country",
      labels,
      datasets: [...byYear].map(([label, data]) => ({ label, data })),
    };
  }
  return undefined;
}
