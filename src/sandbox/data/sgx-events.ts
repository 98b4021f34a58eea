// What happens to an SGX listing day by day, over the same closes and volumes as SGX_DAILY
// (sgx-prices.ts): short sales (a seeded share of the day's volume), buybacks under a yearly
// mandate of 10% of the shares, and insider filings whose holdings chain from one to the next.
// Each listing's events are a pure function of (symbol, today), served newest first, on the days it
// is listed.
import { isTradingDay } from "../calendar";
import { fromDay, toDay } from "../dates";
import { choicesOf } from "../described";
import { memo } from "../memo";
import { between, intBetween, pick, rng } from "../prng";
import { SGX_FIRST_DAY, SGX_LISTINGS, type SgxListing, sgxClose, sgxTradesOn, sgxVolume } from "./sgx-prices";

const PEOPLE = ["Tan Wei Ming", "Lim Hui Ling", "Ng Boon Kiat", "Chua Mei Xin", "Ong Kah Wai", "Goh Siew Lan", "Koh Jun Hao"];
const FUNDS = ["Straits Harbour Capital", "Marina Crest Investments", "Temasek Lane Holdings", "Orchard Ridge Partners"];
const FILINGS_PATH = "/v2/sgx/filings/";
/** Filings by kind, as often as they come: the description's transaction types, buys and sells
 *  twice as often as the others. */
const KINDS = choicesOf(FILINGS_PATH, "transaction_type").flatMap((t) => (t === "buy" || t === "sell" ? [t, t] : [t]));
/** The description's holder types: the people (insiders) and the fund (an institution). */
const [INSIDER, INSTITUTION] = ["insider", "institution"].map((t) => {
  if (!choicesOf(FILINGS_PATH, "holder_type").includes(t)) throw new Error(`${FILINGS_PATH}: no holder type '${t}' in the description`);
  return t;
});

const money = (x: number) => Number(x.toFixed(2));
const fraction = (x: number) => Number(x.toFixed(6));

/** A trading day; its close and volume are made only where an event needs them. */
interface Day {
  day: number;
  date: string;
}

/** Every trading day from the first close to today, oldest first. */
const tradingDays = memo((today: string): Day[] => {
  const out: Day[] = [];
  for (let day = SGX_FIRST_DAY, last = toDay(today); day <= last; day++)
    if (isTradingDay("sgx", day)) out.push({ day, date: fromDay(day) });
  return out;
});

/** The trading days up to today on which a listing trades (listed, not yet delisted). */
const daysOf = (s: SgxListing, today: string): Day[] => tradingDays(today).filter((d) => sgxTradesOn(s, d.day));

/** The days a listing has short sales (seven in ten), newest first: days only, so that a list is
 *  cheap to count and filter; `sgxShortSale` makes the figures of the ones served. */
const shortDays = memo((key: string) => {
  const [symbol, today] = key.split("|");
  return daysOf(SGX_LISTINGS.get(symbol)!, today)
    .filter((d) => rng(symbol, "sgx-short", d.day)() < 0.7)
    .map((d) => ({ symbol, ...d }))
    .reverse();
});

export const sgxShortDays = (s: SgxListing, today: string) => shortDays(`${s.symbol}|${today}`);

/** A day's short sales of a listing: a seeded share of the day's volume, at its close. */
export function sgxShortSale({ symbol, day, date }: Day & { symbol: string }) {
  const s = SGX_LISTINGS.get(symbol)!;
  const name = s.company_name.replace(/ (Ltd|Trust|Corporation Ltd|Public Company Ltd)$/, "").toUpperCase();
  const volume = Math.round((sgxVolume(s, day) * between(rng(symbol, "sgx-short-volume", day), 0.01, 0.12)) / 100) * 100;
  return { name, symbol, date, volume, value: money(volume * sgxClose(s, day)) };
}

const buybacks = memo((key: string) => {
  const [symbol, today] = key.split("|");
  const s = SGX_LISTINGS.get(symbol)!;
  return buybacksOf(s, daysOf(s, today)).reverse();
});
const filings = memo((key: string) => {
  const [symbol, today] = key.split("|");
  const s = SGX_LISTINGS.get(symbol)!;
  return filingsOf(s, daysOf(s, today)).reverse();
});

/** A listing's buybacks up to today, newest first. */
export const sgxBuybacks = (s: SgxListing, today: string) => buybacks(`${s.symbol}|${today}`);
/** A listing's insider filings up to today, newest first. */
export const sgxFilings = (s: SgxListing, today: string) => filings(`${s.symbol}|${today}`);

/** Purchases of a company that buys back (two in five do), oldest first: a mandate from each AGM in
 *  April for a year, on a few days a month, at most a quarter of the day's volume. */
function buybacksOf(s: SgxListing, trading: Day[]) {
  if (rng(s.symbol, "sgx-buys")() >= 0.4) return [];
  const out = [];
  let treasury = Math.round((s.shares * between(rng(s.symbol, "sgx-treasury"), 0.001, 0.01)) / 100) * 100;
  let mandate = { mandate_start: "", mandate_end: "", mandate_total: 0, mandate_remaining: 0, cumulative_purchased: 0 };
  let agm = "";
  for (const d of trading) {
    const year = Number(d.date.slice(0, 4));
    if (!agm.startsWith(String(year))) agm = `${year}-04-${String(intBetween(rng(s.symbol, "sgx-agm", year), 10, 28)).padStart(2, "0")}`;
    if (d.date >= agm && mandate.mandate_start < agm) {
      const total = Math.round(s.shares * 0.1);
      mandate = {
        mandate_start: agm,
        mandate_end: `${year + 1}${agm.slice(4)}`,
        mandate_total: total,
        mandate_remaining: total,
        cumulative_purchased: 0,
      };
    }
    const r = rng(s.symbol, "sgx-buyback", d.day);
    if (!mandate.mandate_start || d.date >= mandate.mandate_end || r() >= 0.15) continue;
    const shares = Math.min(mandate.mandate_remaining, Math.round((sgxVolume(s, d.day) * between(r, 0.02, 0.25)) / 100) * 100);
    if (shares <= 0) continue;
    const close = sgxClose(s, d.day);
    const [lowest, highest] = [money(close * between(r, 0.985, 1)), money(close * between(r, 1, 1.015))];
    treasury += shares;
    const cumulative = mandate.cumulative_purchased + shares;
    mandate = { ...mandate, cumulative_purchased: cumulative, mandate_remaining: mandate.mandate_total - cumulative };
    out.push({
      symbol: s.symbol,
      purchase_date: d.date,
      type: "On Market",
      price_per_share: { lowest, highest },
      total_value: money((shares * (lowest + highest)) / 2),
      total_shares_purchased: shares,
      treasury_shares_after_purchase: treasury,
      mandate: { ...mandate },
    });
  }
  return out;
}

/** Filings of a listing's two directors and one fund, oldest first, about two a month; an award
 *  or a transfer has no price. */
function filingsOf(s: SgxListing, trading: Day[]) {
  const r = rng(s.symbol, "sgx-holders");
  const first = pick(r, PEOPLE);
  const holders = [
    { name: first, type: INSIDER, shares: Math.round(s.shares * between(r, 0.0001, 0.002)) },
    {
      name: pick(
        r,
        PEOPLE.filter((p) => p !== first),
      ),
      type: INSIDER,
      shares: Math.round(s.shares * between(r, 0.0001, 0.001)),
    },
    { name: pick(r, FUNDS), type: INSTITUTION, shares: Math.round(s.shares * between(r, 0.02, 0.08)) },
  ];
  const out = [];
  for (const d of trading) {
    const t = rng(s.symbol, "sgx-filing", d.day);
    if (t() >= 0.1) continue;
    const h = pick(t, holders);
    const kind = h.type === INSTITUTION ? pick(t, ["buy", "sell"] as const) : pick(t, KINDS);
    const amount = Math.max(100, Math.round((h.shares * between(t, 0.01, 0.1)) / 100) * 100);
    const moved = kind === "sell" || kind === "transfer" ? -Math.min(amount, h.shares) : amount;
    if (moved === 0) continue;
    const priced = kind === "buy" || kind === "sell";
    const close = priced ? sgxClose(s, d.day) : null;
    const before = h.shares;
    h.shares += moved;
    out.push({
      symbol: s.symbol,
      timestamp: d.date,
      transaction_type: kind,
      holder_name: h.name,
      holder_type: h.type,
      holding_before: before,
      holding_after: h.shares,
      amount_transaction: Math.abs(moved),
      transaction_value: close === null ? null : money(Math.abs(moved) * close),
      price_per_share: close,
      share_percentage_before: fraction(before / s.shares),
      share_percentage_after: fraction(h.shares / s.shares),
      share_percentage_transaction: fraction(Math.abs(moved) / s.shares),
    });
  }
  return out;
}
