// GET /v2/close/, /v2/companies/quarterly-financial-dates/ and /v2/suspensions/ (live): paged
// lists over the whole IDX universe, by symbol. Closes are /v2/daily/'s bars (data/idx-daily.ts),
// report dates each company's latest row of /v2/financials/quarterly/ (data/idx-financials.ts),
// suspensions a few seeded days a year per company, up to today, and the suspension of a company
// whose shares stay suspended.
import { tradingDayOnOrAfter } from "../calendar";
import { IDX_COMPANIES, idxCompany } from "../data/idx-companies";
import { dailyBar } from "../data/idx-daily";
import { statementBook } from "../data/idx-financials";
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
    // Each company's newest row (within the calendar year of its date, with `year`); a company
    // without one is left out.
    const latest = BY_SYMBOL.flatMap((c) => {
      const row = statementBook(c, today).rows.find((r) => year === undefined || yearOf(r.date) === year);
      return row && (since === undefined || row.date >= since)
        ? [{ symbol: `${c.symbol}.JK`, date: row.date, quarter: `q${row.period.q}` }]
        : [];
    });
    return envelope(latest, limitOffset(q));
  },
};

const REASONS = [
  "Unusual market activity in the share price",
  "Annual financial statements not filed on time",
  "Listing fee not paid",
  "Pending announcement of a material transaction",
];

const suspension = (symbol: string, date: string, reason: string) => ({
  symbol: `${symbol}.JK`,
  suspension_date: date,
  reason,
  pdf_url: `https://idx.mdq.example/suspensions/${symbol}-${date}.pdf`,
});

/** A company's suspensions up to today: some years one, on a seeded weekday, and the suspension
 *  of a company that stopped filing (its shares stay suspended: none after it); newest first. */
function suspensionsOf(symbol: string, today: string) {
  const c = idxCompany(symbol)!;
  const out = [];
  for (let year = 2019; year <= yearOf(today); year++) {
    const r = rng(symbol, "suspension", year);
    if (r() > 0.3) continue;
    const seeded = toDay(`${year}-01-01`) + Math.floor(r() * 365);
    // No suspension of a company before it listed.
    if (seeded < listingDay(c)) continue;
    const day = tradingDayOnOrAfter("idx", seeded);
    const date = fromDay(day);
    const reason = REASONS[Math.floor(r() * REASONS.length)];
    if (date <= today && (c.suspended === undefined || date < c.suspended)) out.push(suspension(symbol, date, reason));
  }
  if (c.suspended !== undefined && c.suspended <= today)
    out.push(suspension(symbol, c.suspended, "Annual financial statements not filed on time"));
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
