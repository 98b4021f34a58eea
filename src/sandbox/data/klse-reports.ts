// KLSE company reports (spec 2.13) and the figures the top rankings sort on. Annual history is a
// pure function of (symbol, year); market cap moves smoothly with the day so change_1d/7d agree
// with the market caps of the neighbouring days.
import { tradingDayOnOrBefore } from "../calendar";
import { toDay, yearOf } from "../dates";
import { memo } from "../memo";
import { between, rng, unit } from "../prng";
import { KLSE_COMPANIES, type KlseCompany } from "./klse-companies";

const BN = 1e9;
const r4 = (x: number) => Number(x.toFixed(4));
const r2 = (x: number) => Number(x.toFixed(2));

export function marketCapOn(c: KlseCompany, day: number): number {
  const p1 = unit(c.symbol, "mc1") * 2 * Math.PI;
  const p2 = unit(c.symbol, "mc2") * 2 * Math.PI;
  return Math.round(c.mcapBn * BN * Math.exp(0.08 * Math.sin(day / 45 + p1) + 0.03 * Math.sin(day / 9 + p2)));
}

function revenueOf(c: KlseCompany, year: number): number {
  return Math.round((c.revenueBn * BN * (1 + c.growth) ** (year - 2024) * between(rng(c.symbol, "rev", year), 0.95, 1.05)) / 1000) * 1000;
}

function earningsOf(c: KlseCompany, year: number): number {
  return Math.round((revenueOf(c, year) * c.margin * between(rng(c.symbol, "earn", year), 0.85, 1.15)) / 1000) * 1000;
}

/** A company's report and the figures the rankings sort on (revenue and earnings of the latest
 *  full year). */
export type KlseFigures = ReturnType<typeof figuresOf>;
export type KlseReport = KlseFigures["report"];

function figuresOf(c: KlseCompany, today: string) {
  // The figures of Bursa's last trading day on or before today; changes against its trading days.
  const day = tradingDayOnOrBefore("klse", toDay(today));
  const r = rng(c.symbol, "report", today);
  const lastYear = yearOf(today) - 1;
  const years = [0, 1, 2, 3, 4].map((i) => lastYear - i);
  const partOfYear = (day - toDay(`${yearOf(today)}-01-01`)) / 365;
  const revenueTtm = Math.round(revenueOf(c, lastYear) * (1 + c.growth * partOfYear));
  const earningsTtm = Math.round(earningsOf(c, lastYear) * (1 + c.growth * partOfYear));
  const mcap = marketCapOn(c, day);
  const shares = (c.mcapBn * BN) / c.price;
  const price = mcap / shares;
  const eps = earningsTtm / shares;
  const yieldNow = c.dividendYield * between(r, 0.92, 1.08);
  const forwardDividend = r2(price * yieldNow);
  const dividendTtm = r2(forwardDividend * between(r, 0.9, 1.04));
  const bank = c.sector === "Financials";
  const pe = earningsOf(c, lastYear) ? mcap / earningsOf(c, lastYear) : 0;
  const report = {
    symbol: c.symbol,
    name: c.name,
    overview: {
      market_cap: mcap,
      volume: Math.round((between(r, 0.5, 3) * shares) / 2000 / 100) * 100,
      employee_num: c.employees,
      sector: c.sector,
      sub_sector: c.subSector,
      change_1d: r4(mcap / marketCapOn(c, tradingDayOnOrBefore("klse", day - 1)) - 1),
      change_7d: r4(mcap / marketCapOn(c, tradingDayOnOrBefore("klse", day - 7)) - 1),
    },
    valuation: {
      pe_ttm: earningsTtm ? r2(mcap / earningsTtm) : 0,
      ps_ttm: r4(mcap / revenueTtm),
      pcf: r4(pe * between(r, 0.5, 1.4)),
      pcf_ttm: r2(pe * between(r, 0.5, 1.4)),
      pb: r4(c.pb * between(r, 0.95, 1.05)),
      pe: r4(pe),
    },
    financials: {
      historical_earnings: [{ period: "TTM", earnings: earningsTtm }, ...years.map((y) => ({ period: y, earnings: earningsOf(c, y) }))],
      historical_revenue: [{ period: "TTM", revenue: revenueTtm }, ...years.map((y) => ({ period: y, revenue: revenueOf(c, y) }))],
      eps: r2(eps),
      gross_margin: bank ? null : r4(Math.min(0.9, Math.max(c.margin, 0) + between(r, 0.12, 0.3))),
      operating_margin: r4(c.margin * 1.3),
      net_profit_margin: r4(earningsTtm / revenueTtm),
      quick_ratio: r4(between(r, 0.6, 2.2)),
      current_ratio: r4(between(r, 0.9, 2.6)),
      debt_to_equity: r4(between(r, 0.05, 1.2)),
    },
    dividend: {
      dividend_yield_5y_avg: r4(c.dividendYield * between(r, 0.85, 1.15)),
      dividend_growth_rate: between(r, -0.1, 0.15).toFixed(4),
      payout_ratio: (eps > 0 ? dividendTtm / eps : 0).toFixed(4),
      forward_dividend: forwardDividend,
      forward_dividend_yield: r4(yieldNow),
      dividend_ttm: dividendTtm,
    },
  };
  return {
    company: c,
    marketCap: mcap,
    revenue: revenueOf(c, lastYear),
    earnings: earningsOf(c, lastYear),
    pe: r4(pe),
    forwardDividendYield: r4(yieldNow),
    report,
  };
}

export const klseFigures = memo((today: string) => new Map(KLSE_COMPANIES.map((c) => [c.symbol, figuresOf(c, today)])));
