// A1-style cell addresses: column letters and 1-based row numbers, as a spreadsheet shows them.
// Inside the playground a cell is { row, col } with both 0-based.
import { columnName } from "../../shared";

export { columnName };

export interface Cell {
  row: number;
  col: number;
}

/** "A" → 0, "AA" → 26; case-insensitive. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export const addressOf = ({ row, col }: Cell): string => `${columnName(col)}${row + 1}`;

/** "B3" or "$B$3" → { row: 2, col: 1 }; undefined when it is not an address. */
export function parseAddress(text: string): Cell | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?([1-9]\d{0,6})$/.exec(text.trim());
  return m ? { row: Number(m[2]) - 1, col: columnIndex(m[1]) } : undefined;
}

/** A map key for a cell. */
export const keyOf = (row: number, col: number): string => `${row},${col}`;
