// A table of cells as the builder shows it (the preview's first rows, explain's two columns), and
// a call's cost in words. Cells are set as text: nothing the service answers becomes markup.
import type { CellValue } from "../../shared";
import { replaceChildren } from "./dom";
import type { RunAnswer } from "./host";

/** A cell as text: a date cell of the host (Excel's formatted number) by its value. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") {
    const o = cell as { basicValue?: unknown; value?: unknown };
    return cellText(o.basicValue ?? o.value ?? "");
  }
  return String(cell);
}

/** How a body cell is shown, given the header names that apply to it (its column's, its row's)
 *  and its own number format, if the answer gave one. */
export type CellShown = (value: unknown, labels: readonly unknown[], format?: string) => string;

/** The rows given as a table, the first one its header when `header`; each body cell as `shown`
 *  gives it (the host's look: grouped numbers, dates), else as it is. `formats`: each cell's
 *  number format, in the rows' shape (RunAnswer.formats). */
export function renderTable(
  table: HTMLTableElement,
  rows: readonly (readonly CellValue[])[],
  header: boolean,
  shown?: CellShown,
  formats?: RunAnswer["formats"],
): void {
  replaceChildren(table);
  const [first, ...rest] = rows;
  if (header && first) {
    const tr = table.createTHead().insertRow();
    for (const c of first) tr.appendChild(document.createElement("th")).textContent = cellText(c);
  }
  const body = table.createTBody();
  const offset = header ? 1 : 0;
  (header ? rest : rows).forEach((row, r) => {
    const tr = body.insertRow();
    row.forEach((c, i) => {
      const td = tr.insertCell();
      const format = formats?.[r + offset]?.[i] ?? undefined;
      td.textContent = shown ? shown(c, [header ? first?.[i] : undefined, i > 0 ? row[0] : undefined], format) : cellText(c);
      if (typeof plainOf(c) === "number") td.className = "number";
    });
  });
}

/** A cell's value: a host's date cell (Excel's formatted number) by its value. */
const plainOf = (cell: unknown): unknown =>
  cell !== null && typeof cell === "object" ? ((cell as { basicValue?: unknown }).basicValue ?? (cell as { value?: unknown }).value) : cell;

/** "1 request", "2 credits". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What a call cost: "2 requests, 3 credits", or "0 — answered from the cache". */
export function costText(answer: Pick<RunAnswer, "requests" | "credits" | "fromCache">): string {
  if (answer.fromCache || answer.requests === 0) return "0 — answered from the cache";
  return `${plural(answer.requests, "request")}, ${plural(answer.credits, "credit")}`;
}
