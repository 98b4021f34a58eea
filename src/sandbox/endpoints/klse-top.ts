// GET /v1/klse/companies/top/ (spec 4.17 + n_stock from the service facts). Rankings: highest
// forward dividend yield, revenue, earnings and market cap; lowest positive P/E.
import { KLSE_CLASSIFICATIONS, type KlseClassification, LIMITS } from "../../../shared/values";
import { KLSE_SECTORS, klseSlug } from "../data/klse-companies";
import { type KlseFigures, klseFigures } from "../data/klse-reports";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import type { Query } from "../query";

const ALL = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];

const RANK: Record<KlseClassification, { value: (f: KlseFigures) => number; ascending?: boolean }> = {
  dividend_yield: { value: (f) => f.forwardDividendYield },
  revenue: { value: (f) => f.revenue },
  earnings: { value: (f) => f.earnings },
  market_cap: { value: (f) => f.marketCap },
  pe: { value: (f) => f.pe, ascending: true },
};

export const klseTop: Endpoint = {
  path: "/v1/klse/companies/top/",
  handle({ query: q, today }) {
    const { rows, empty } = rankings(q, today, (c) => KLSE_CLASSIFICATIONS[c]);
    if (empty) throw badRequest(NO_MATCH);
    return rows;
  },
};

export const NO_MATCH = "There are no companies matching the criteria, consider adjusting the `min_mcap_million` param value.";

/** The rankings `q` asks for, each row's value under `field(classification)`. `empty` when no
 *  company passes the sector and market-cap floor (the editions answer that differently). */
export function rankings(q: Query, today: string, field: (c: KlseClassification) => string) {
  q.allow(["sector", "classifications", "min_mcap_million", "n_stock"]);
  const sector = q.str("sector") ?? "all";
  if (sector !== "all" && !KLSE_SECTORS.includes(sector)) throw badRequest("The requested sector does not exist.");
  const wanted = q.str("classifications") === "all" ? ALL : ((q.list("classifications") ?? ALL) as KlseClassification[]);
  if (wanted.some((c) => !ALL.includes(c))) {
    throw badRequest(`Invalid classifications provided, select from these choices: ${ALL.join(", ")}.`);
  }
  const minMcap = intParam(q.str("min_mcap_million"), "Invalid min_mcap_million value. Not an integer") ?? LIMITS.minMcapMillionDefault;
  const nStock = intParam(q.str("n_stock"), "{n_stock} param expects an integer value.") ?? LIMITS.nStockDefault;
  if (nStock < 1 || nStock > LIMITS.nStockMax) throw badRequest(`Invalid n_stock value. It must be between 1 and ${LIMITS.nStockMax}.`);
  const pool = [...klseFigures(today).values()].filter(
    (f) => (sector === "all" || klseSlug(f.company.sector) === sector) && f.marketCap >= minMcap * 1e6,
  );
  const out: Record<string, unknown[]> = {};
  for (const c of [...new Set(wanted)]) {
    const { value, ascending } = RANK[c];
    out[c] = pool
      .filter((f) => (c === "pe" ? value(f) > 0 : c === "dividend_yield" ? value(f) > 0 : true))
      .sort((a, b) => (ascending ? value(a) - value(b) : value(b) - value(a)) || a.company.symbol.localeCompare(b.company.symbol))
      .slice(0, nStock)
      .map((f) => ({ symbol: f.company.symbol, [field(c)]: value(f), company_name: f.company.name }));
  }
  return { rows: out, empty: pool.length === 0 };
}

/** Integers only (a leading minus allowed so a negative floor is accepted as "no floor"). */
function intParam(raw: string | undefined, message: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,12}$/.test(raw)) throw badRequest(message);
  return Number(raw);
}
