// GET /v2/close/, /v2/companies/quarterly-financial-dates/ and /v2/suspensions/ (live): paged
// lists over the whole IDX universe, by symbol. Closes are /v2/daily/'s bars (data/idx-daily.ts),
// report dates the quarters every company has reported (data/idx-financials.ts), suspensions a
// few seeded days a year per company, up to today.
import { tradingDayOnOrAfter } from "../calendar";
import { IDX_COMPANIES, idxCompany } from "../data/idx-companies";
import { dailyBar } from "../data/idx-daily";
import { reportedQuarters } from "../data/idx-financials";
import { listingDay, tradesOn } from "../data/idx-listing";
import { fromDay, toDay, yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { rng } from "../prng";
import { limitOffset } from "../query";
import { envelope } from "./envelope";
import { DATE_MESSAGE, dayParam, endNotFuture, symbolOr400 } from "./params";

const BY_SYMBOL = [...IDX_COMPANIES].sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
const FIRST_DAY = toDay("2019-01-02");

export const liveClose: Endpoint = {
  path: "/v2/close/",
  handle({ query: q, today }) {
    const day = dayParam(q, today);
    // A day without trading (a weekend, a holiday, before the data) has no close for any ticker,
    // nor a day before a company listed for that company.
    const traded = day >= FIRST_DAY ? BY_SYMBOL.filter((c) => tradesOn(c, day)) : [];
    return envelope(traded, limitOffset(q), (c) => ({ symbol: `${c.symbol}.JK`, date: fromDay(day), close: dailyBar(c, day).close }));
  },
};

export const liveReportedSince: Endpoint = {
  path: "/v2/companies/quarterly-financial-dates/",
  handle({ query: q, today }) {
    const year = q.int("year", "Invalid year: use a four-digit year such as 2024.");
    const since = q.date("since", DATE_MESSAGE);
    const latest = reportedQuarters(today)
      .filter((r) => year === undefined || r.year === year)
      .at(-1);
    const kept = latest && (since === undefined || latest.date >= since) ? BY_SYMBOL : [];
    return envelope(kept, limitOffset(q), (c) => ({ symbol: `${c.symbol}.JK`, date: latest?.date, quarter: `q${latest?.q}` }));
  },
};

const REASONS = [
  "Unusual market activity in the share price",
  "Annual financial statements not filed on time",
  "Listing fee not paid",
  "Pending announcement of a material transaction",
];

/** A company's suspensions up to today: some years one, on a seeded weekday; newest first. */
function suspensionsOf(symbol: string, today: string) {
  const out = [];
  for (let year = 2019; year <= yearOf(today); year++) {
    const r = rng(symbol, "suspension", year);
    if (r() > 0.3) continue;
    const seeded = toDay(`${year}-01-01`) + Math.floor(r() * 365);
    // No suspension of a company before it listed.
    if (seeded < listingDay(idxCompany(symbol)!)) continue;
    const day = tradingDayOnOrAfter("idx", seeded);
    const date = fromDay(day);
    const reason = REASONS[Math.floor(r() * REASONS.length)];
    if (date <= today)
      out.push({
        symbol: `${symbol}.JK`,
        suspension_date: date,
        reason,
        pdf_url: `https://idx.mdq.example/suspensions/${symbol}-${date}.pdf`,
      });
  }
  return out.reverse();
}

export const liveSuspensions: Endpoint = {
  path: "/v2/suspensions/",
  handle({ query: q, today }) {
    const raw = q.str("symbol");
    const symbols = raw === undefined ? BY_SYMBOL.map((c) => c.symbol) : [idxCompany(symbolOr400(raw))?.symbol ?? ""].filter(Boolean);
    const start = q.date("start", DATE_MESSAGE);
    const end = endNotFuture(q.date("end", DATE_MESSAGE), today);
    const all = symbols
      .flatMap((s) => suspensionsOf(s, today))
      .filter((s) => (start === undefined || s.suspension_date >= start) && (end === undefined || s.suspension_date <= end))
      .sort((a, b) => (a.suspension_date < b.suspension_date ? 1 : a.suspension_date > b.suspension_date ? -1 : 0));
    return envelope(all, limitOffset(q));
  },
};
