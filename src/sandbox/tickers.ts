// IDX tickers arrive as "bbca", "BBCA" or "BBCA.JK"; data always carries "BBCA.JK".
import { badRequest } from "./errors";

const IDX_TICKER_RE = /^([A-Za-z]{4})(\.jk)?$/i;

/** Upper-case 4-letter code without suffix, or undefined when the shape is wrong. */
export function idxCode(raw: string): string | undefined {
  const m = IDX_TICKER_RE.exec(raw.trim());
  return m ? m[1].toUpperCase() : undefined;
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
