// IDX tickers arrive as "bbca", "BBCA" or "BBCA.JK"; data always carries "BBCA.JK". The shape
// rules are the cell-argument parser's (shared/args), so client and sandbox agree on them.
import { idxTicker, klseTicker } from "../../shared";
import { badRequest } from "./errors";

/** Upper-case 4-letter code without suffix, or undefined when the shape is wrong. */
export function idxCode(raw: string): string | undefined {
  const result = idxTicker.schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

/** A 4-digit KLSE code as sent, or undefined. */
export function klseCode(raw: string): string | undefined {
  if (!/^\d{4}$/.test(raw)) return undefined; // text only: the cell parser also pads numbers
  const result = klseTicker.schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

export function idxCodeOr400(raw: string): string {
  const code = idxCode(raw);
  if (!code) throw badRequest("Please provide a valid stock ticker.");
  return code;
}

export const jk = (code: string) => `${code}.JK`;

/** Lenient normaliser for ticker filters: "bbca" and "BBCA.JK" both become "BBCA.JK". */
export function normaliseTicker(raw: string): string {
  const t = raw.trim().toUpperCase();
  return t.endsWith(".JK") ? t : `${t}.JK`;
}
