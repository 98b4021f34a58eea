// GET /v1/klse/companies/top/ (spec 4.17 + n_stock from the service facts). Rankings: highest
// forward dividend yield, revenue, earnings and market cap; lowest positive P/E.
import { KLSE_CLASSIFICATIONS, type KlseClassification, SERVICE_BOUNDS } from "../../../shared";
import { KLSE_SECTORS, klseSlug } from "../data/klse-companies";
import { type KlseFigures, klseFigures } from "../data/klse-reports";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import type { Query } from "../query";

const ALL = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];

const RANK: Record<KlseClassification, (f: KlseFigures) => number> = {
  dividend_yield: (f) => f.forwardDividendYield,
  revenue: (f) => f.revenue,
  earnings: (f) => f.earnings,
  market_cap: (f) => f.marketCap,
  pe: (f) => f.pe,
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

/** What a top ranking needs of a company: its sector slug, market cap (in the market's currency)
 *  and the value of each classification. */
export interface Candidate {
  symbol: string;
  company_name: string;
  sector: string;
  marketCap: number;
  values: Record<KlseClassification, number>;
}

/** The rankings `q` asks for, each row's value under `field(classification)`. `empty` when no
 *  company passes the sector and market-cap floor (the editions answer that differently). */
export function rankings(q: Query, today: string, field: (c: KlseClassification) => string) {
  const candidates = [...klseFigures(today).values()].map(
    (f): Candidate => ({
      symbol: f.company.symbol,
      company_name: f.company.name,
      sector: klseSlug(f.company.sector),
      marketCap: f.marketCap,
      values: Object.fromEntries(ALL.map((c) => [c, RANK[c](f)])) as Record<KlseClassification, number>,
    }),
  );
  return topRankings(q, KLSE_SECTORS, candidates, field);
}

/** The KLSE rules over any market's candidates: `sector` (a slug of `sectors`), `classifications`,
 *  `min_mcap_million` and `n_stock`; the highest values first, the lowest positive P/E first. */
export function topRankings(q: Query, sectors: readonly string[], candidates: Candidate[], field: (c: KlseClassification) => string) {
  q.allow(["sector", "classifications", "min_mcap_million", "n_stock"]);
  const sector = q.str("sector") ?? "all";
  if (sector !== "all" && !sectors.includes(sector)) throw badRequest("The requested sector does not exist.");
  const wanted = q.str("classifications") === "all" ? ALL : ((q.list("classifications") ?? ALL) as KlseClassification[]);
  if (wanted.some((c) => !ALL.includes(c))) {
    throw badRequest(`Invalid classifications provided, select from these choices: ${ALL.join(", ")}.`);
  }
  const minMcap =
    intParam(q.str("min_mcap_million"), "Invalid min_mcap_million value. Not an integer") ?? SERVICE_BOUNDS.minMcapMillionDefault;
  const nStock = nStockParam(q);
  const pool = candidates.filter((f) => (sector === "all" || f.sector === sector) && f.marketCap >= minMcap * 1e6);
  const out: Record<string, unknown[]> = {};
  for (const c of [...new Set(wanted)]) {
    const value = (f: Candidate) => f.values[c];
    out[c] = pool
      .filter((f) => (c === "pe" || c === "dividend_yield" ? value(f) > 0 : true))
      .sort((a, b) => (c === "pe" ? value(a) - value(b) : value(b) - value(a)) || a.symbol.localeCompare(b.symbol))
      .slice(0, nStock)
      .map((f) => ({ symbol: f.symbol, [field(c)]: value(f), company_name: f.company_name }));
  }
  return { rows: out, empty: pool.length === 0 };
}

/** `n_stock`: 1 to 10, default 5, with the service's wording. */
export function nStockParam(q: Query): number {
  const nStock = intParam(q.str("n_stock"), "{n_stock} param expects an integer value.") ?? SERVICE_BOUNDS.nStockDefault;
  if (nStock < 1 || nStock > SERVICE_BOUNDS.nStockMax)
    throw badRequest(`Invalid n_stock value. It must be between 1 and ${SERVICE_BOUNDS.nStockMax}.`);
  return nStock;
}

/** Integers only (a leading minus allowed so a negative floor is accepted as "no floor"). */
export function intParam(raw: string | undefined, message: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,12}$/.test(raw)) throw badRequest(message);
  return Number(raw);
}
