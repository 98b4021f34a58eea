// IDX tickers arrive as "bbca", "BBCA" or "BBCA.JK"; data always carries "BBCA.JK". These are the
// provider's own rules (spec 4.11-4.13: four letters, optionally ".jk", any case; a KLSE code of four
// digits), kept apart from the client's cell rules: a rule the client adds and the provider does not
// share must show up as a difference in the contract tests, not be mirrored here.
import { badRequest } from "./errors";

const IDX_TICKER = /^([A-Za-z]{4})(\.jk)?$/i;
const KLSE_CODE = /^\d{4}$/;

/** Upper-case 4-letter code without suffix, or undefined when the shape is wrong. */
export function idxCode(raw: string): string | undefined {
  return IDX_TICKER.exec(raw)?.[1].toUpperCase();
}

/** A 4-digit KLSE code as sent, or undefined. */
export function klseCode(raw: string): string | undefined {
  return KLSE_CODE.test(raw) ? raw : undefined;
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
