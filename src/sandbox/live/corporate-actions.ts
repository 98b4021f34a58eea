// GET /v2/company/corporate-actions/{symbol}/ (live): a company's corporate actions by type, newest
// first, an empty list where it has none (as the description types them). Dividends are the payments the report and the screener add up;
// dividends whose ex-date falls in the next 45 days are upcoming (announced, no yield yet). AGMs
// and a stock split are seeded; the demo has no bonus shares, warrants or rights issues.
import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { dividends, type Payment, tradingDayFrom } from "../data/idx-dividends";
import { profileOf } from "../data/idx-profile";
import { addDays, fromDay, yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { intBetween, pick, rng } from "../prng";
import { symbolOr400 } from "./params";

const ANNOUNCED_DAYS = 45;
const AGM_TIMES = ["09:00:00", "09:30:00", "10:00:00", "14:00:00"];

const weekdayFrom = (iso: string) => fromDay(tradingDayFrom(iso));

const pad = (n: number) => String(n).padStart(2, "0");

function dividend(c: IdxCompany, p: Payment, withYield: boolean) {
  return {
    ex_date: p.date,
    payment_date: weekdayFrom(addDays(p.date, intBetween(rng(c.symbol, "payment", p.date), 10, 20))),
    dividend_yield: withYield ? Number(p.yield.toFixed(8)) : null,
    dividend_amount: p.amount,
  };
}

function agms(c: IdxCompany, today: string) {
  const out = [];
  for (let year = 2019; year <= yearOf(today); year++) {
    const r = rng(c.symbol, "agm", year);
    const date = weekdayFrom(`${year}-${pad(intBetween(r, 3, 6))}-${pad(intBetween(r, 1, 28))}`);
    // Meetings are announced about a month ahead.
    if (date <= addDays(today, 30))
      out.push({ agm_date: date, agm_time: pick(r, AGM_TIMES), agm_place: profileOf(c).address, agm_result: null });
  }
  return out.reverse();
}

function split(c: IdxCompany, today: string) {
  const r = rng(c.symbol, "split");
  if (r() > 0.3) return [];
  const date = weekdayFrom(`${intBetween(r, 2019, 2024)}-${pad(intBetween(r, 1, 12))}-${pad(intBetween(r, 1, 28))}`);
  return date <= today ? [{ date, split_ratio: pick(r, [2, 4, 5, 10]) }] : [];
}

export const liveCorporateActions: Endpoint = {
  path: "/v2/company/corporate-actions/:symbol/",
  handle({ params, today }) {
    const code = symbolOr400(params.symbol);
    const c = idxCompany(code);
    if (!c) throw notFound(`No data found for symbol '${code}'.`);
    const paid = dividends(c, today);
    const coming = dividends(c, addDays(today, ANNOUNCED_DAYS)).filter((p) => p.date > today);
    return {
      symbol: `${c.symbol}.JK`,
      corporate_actions: {
        agm: agms(c, today),
        bonus: [],
        warrant: [],
        dividend: paid.map((p) => dividend(c, p, true)).reverse(),
        right_issue: [],
        stock_split: split(c, today),
        upcoming_dividend: coming.map((p) => dividend(c, p, false)),
      },
    };
  },
};
