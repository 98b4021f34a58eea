// GET /v2/close/, /v2/companies/quarterly-financial-dates/ and /v2/suspensions/ (live): paged
// lists over the whole IDX universe, by symbol. Closes are /v2/daily/'s bars (data/idx-daily.ts),
// report dates each company's latest row of /v2/financials/quarterly/ (data/idx-financials.ts),
// suspensions the days data/idx-listing.ts suspends a company's shares (a seeded day some years, and
// the lasting suspension of a company that stopped filing), on which it has no close.
import { IDX_COMPANIES, idxCompany } from "../data/idx-companies";
import { dailyBar } from "../data/idx-daily";
import { statementBook } from "../data/idx-financials";
import { suspensionsUpTo, tradesOn } from "../data/idx-listing";
import { fromDay, toDay, yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
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

const suspension = (symbol: string, day: number, reason: string) => ({
  symbol: `${symbol}.JK`,
  suspension_date: fromDay(day),
  reason,
  pdf_url: `https://idx.mdq.example/suspensions/${symbol}-${fromDay(day)}.pdf`,
});

/** A company's suspensions up to today (data/idx-listing.ts: the days it does not trade), newest
 *  first. */
const suspensionsOf = (symbol: string, today: string) =>
  suspensionsUpTo(idxCompany(symbol)!, toDay(today))
    .map((s) => suspension(symbol, s.day, s.reason))
    .reverse();

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
