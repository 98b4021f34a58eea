// One view of each IDX company for the live screener and company report: display names of its
// classification, the spec data's screening figures (market cap, P/E, P/B, P/S), dividends, price
// statistics, profile, index membership, ranks and the tags derived from them.
import { displayName } from "../data/display-names";
import { IDX_COMPANIES, type IdxCompany } from "../data/idx-companies";
import { dividendTtm } from "../data/idx-dividends";
import { isListedOnDate } from "../data/idx-listing";
import { type IdxMetrics, idxMetrics } from "../data/idx-metrics";
import { type PriceStats, priceStats } from "../data/idx-price-stats";
import { type Profile, profileOf } from "../data/idx-profile";
import { memo } from "../memo";
import { indicesOf } from "./indices";

export interface Facts {
  company: IdxCompany;
  symbol: string;
  sector: string;
  sub_sector: string;
  industry: string;
  sub_industry: string;
  metrics: IdxMetrics;
  stats: PriceStats;
  profile: Profile;
  market_cap_rank: number;
  employee_num_rank: number;
  dividend_ttm: number;
  yield_ttm: number;
  indices: string[];
  tags: string[];
}

const first = (prices: Record<string, number>) => Object.values(prices)[0];

/** Tags in the live service's style, from figures the sandbox has. */
function tagsOf(f: Omit<Facts, "tags">): string[] {
  const close = f.stats.last_close_price;
  const rules: [string, boolean][] = [
    ["blue-chip", f.market_cap_rank <= 10],
    ["dividend-yield-ttm-above-5-percent", f.yield_ttm > 0.05],
    ["pe-ttm-below-10", f.metrics.pe > 0 && f.metrics.pe < 10],
    ["loss-making", f.metrics.earnings < 0],
    ["52-w-high", close >= 0.97 * first(f.stats.all_time_price["52_w_high"])],
    ["52-w-low", close <= 1.03 * first(f.stats.all_time_price["52_w_low"])],
    ["esg-under-25", f.profile.esg_score < 25],
  ];
  return rules.filter(([, on]) => on).map(([tag]) => tag);
}

function rankBy(values: Map<string, number>): Map<string, number> {
  const order = [...values.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return new Map(order.map(([symbol], i) => [symbol, i + 1]));
}

export const companyFacts = memo((today: string): ReadonlyMap<string, Facts> => {
  const metrics = idxMetrics(today);
  // Ranks among the companies listed today (one not yet listed has none to speak of).
  const listed = IDX_COMPANIES.filter((c) => isListedOnDate(c, today));
  const mcapRank = rankBy(new Map(listed.map((c) => [c.symbol, metrics.get(c.symbol)!.market_cap])));
  const staffRank = rankBy(new Map(listed.map((c) => [c.symbol, profileOf(c).employee_num])));
  const out = new Map<string, Facts>();
  for (const c of IDX_COMPANIES) {
    const stats = priceStats(c, today);
    const ttm = dividendTtm(c, today);
    const base = {
      company: c,
      symbol: `${c.symbol}.JK`,
      sector: displayName(c.sector),
      sub_sector: displayName(c.subSector),
      industry: displayName(c.industry),
      sub_industry: displayName(c.subIndustry),
      metrics: metrics.get(c.symbol)!,
      stats,
      profile: profileOf(c),
      market_cap_rank: mcapRank.get(c.symbol)!,
      employee_num_rank: staffRank.get(c.symbol)!,
      dividend_ttm: ttm,
      yield_ttm: ttm / stats.last_close_price,
      indices: indicesOf(`${c.symbol}.JK`),
    };
    out.set(`${c.symbol}.JK`, { ...base, tags: tagsOf(base) });
  }
  return out;
});
