// The statistics, market_cap and stability sections of the sub-sector report: P/E spread, market
// caps now and at the last eight quarter ends, their changes, and the members' drawdown and price
// dispersion over the past year, weighted by market cap.
import { tradingDays } from "../../calendar";
import { tradesOn } from "../../data/idx-listing";
import { lastTradingDay, sharePrice } from "../../data/idx-prices";
import { addDays, fromDay, QUARTER_ENDS, toDay, yearOf } from "../../dates";
import type { Facts } from "../company-facts";
import { median, type SubsectorCtx, totalCap } from "./context";

export function statistics({ members }: SubsectorCtx) {
  const pes = members.map((f) => f.metrics.pe).filter((pe) => pe !== 0);
  // "Filtered": companies with positive earnings, where a P/E says something.
  const earners = members.filter((f) => f.metrics.earnings > 0);
  const cap = earners.reduce((s, f) => s + f.metrics.market_cap, 0);
  const earnings = earners.reduce((s, f) => s + f.metrics.earnings, 0);
  return {
    total_companies: members.length,
    filtered_median_pe: median(earners.map((f) => f.metrics.pe)),
    filtered_weighted_avg_pe: earnings > 0 ? cap / earnings : null,
    min_company_pe: pes.length ? Math.min(...pes) : null,
    max_company_pe: pes.length ? Math.max(...pes) : null,
  };
}

/** The last `n` quarter ends on or before today, oldest first, as "2025.Q1" labels and days. */
function quarterEnds(today: string, n: number): [string, number][] {
  const out: [string, number][] = [];
  for (let year = yearOf(today); out.length < n; year--) {
    for (let q = 4; q >= 1 && out.length < n; q--) {
      const end = `${year}-${QUARTER_ENDS[q - 1]}`;
      if (end <= today) out.push([`${year}.Q${q}`, lastTradingDay(end)]);
    }
  }
  return out.reverse();
}

/** Each sub-sector's market-cap change over the year to the last close. */
function yearChange(members: Facts[], latest: number): number {
  return totalCap(members, latest) / totalCap(members, lastTradingDay(fromDay(latest - 365))) - 1;
}

export function marketCap({ members, groups, today, latest }: SubsectorCtx) {
  const total = members.reduce((s, f) => s + f.metrics.market_cap, 0);
  const now = totalCap(members, latest);
  const change = (day: number) => now / totalCap(members, day) - 1;
  const quarters = quarterEnds(today, 8).map(([label, day]) => [label, totalCap(members, day)] as const);
  const current = quarters.slice(4);
  const mine = yearChange(members, latest);
  const below = [...groups.values()].filter((g) => yearChange(g, latest) < mine).length;
  return {
    total_market_cap: total,
    avg_market_cap: total / members.length,
    quarterly_market_cap: {
      prev_ttm_mcap: Object.fromEntries(quarters.slice(0, 4)),
      current_ttm_mcap: Object.fromEntries(current),
      // Per company: the quarter's total over the number of members.
      current_ttm_mcap_pavg: Object.fromEntries(current.map(([label, cap]) => [label, cap / members.length])),
    },
    mcap_summary: {
      mcap_change: {
        "1w": change(lastTradingDay(fromDay(latest - 7))),
        "1y": mine,
        ytd: change(lastTradingDay(`${yearOf(today) - 1}-12-31`)),
      },
      monthly_performance: { [fromDay(latest)]: change(lastTradingDay(fromDay(latest - 30))) },
      // The share of sub-sectors whose market cap did worse over the year.
      performance_quantile: below / groups.size,
    },
  };
}

function swings(f: Facts, from: string, to: string) {
  const closes = tradingDays("idx", from, to)
    .filter((day) => tradesOn(f.company, day))
    .map((day) => sharePrice(f.company, day));
  let peak = closes[0];
  let drawdown = 0;
  for (const close of closes) {
    peak = Math.max(peak, close);
    drawdown = Math.min(drawdown, close / peak - 1);
  }
  const mean = closes.reduce((s, x) => s + x, 0) / closes.length;
  const sd = Math.sqrt(closes.reduce((s, x) => s + (x - mean) ** 2, 0) / closes.length);
  return { drawdown, rsd: sd / mean };
}

export function stability({ members, latest }: SubsectorCtx) {
  const to = fromDay(latest);
  const from = addDays(to, -365);
  const weight = members.reduce((s, f) => s + f.metrics.market_cap, 0);
  let drawdown = 0;
  let rsd = 0;
  const first = fromDay(Math.max(toDay(from), toDay("2019-01-02")));
  // Before the first close of the demo data there is nothing to measure.
  if (first > to) return { weighted_max_drawdown: null, weighted_rsd_close: null };
  for (const f of members) {
    const s = swings(f, first, to);
    drawdown += (s.drawdown * f.metrics.market_cap) / weight;
    rsd += (s.rsd * f.metrics.market_cap) / weight;
  }
  return { weighted_max_drawdown: drawdown, weighted_rsd_close: rsd };
}
