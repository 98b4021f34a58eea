// Insider filings (spec 2.1). A single seeded sequence walks forward from 2019-01-02 and keeps
// each holder's running position, so holding_before/after chain correctly from one filing of a
// holder to the next; prices come from the same share-price path as market caps.
import { tradingDays } from "../calendar";
import { fromDay, stamp } from "../dates";
import { memo } from "../memo";
import { between, hex, intBetween, pick, type Rng, rng } from "../prng";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { tradesOn } from "./idx-listing";
import { sharePrice, tick } from "./idx-prices";
import { newestFirst } from "./tags";

const PEOPLE = [
  "Budi Hartanto",
  "Hendra Wijaya",
  "Siti Rahmawati",
  "Agus Pranoto",
  "Dewi Lestari Gunawan",
  "Rudy Kurniawan",
  "Lina Susanto",
  "Teguh Santoso",
  "Irwan Halim",
  "Maria Kristanti",
  "Yohanes Setiadi",
  "Fajar Nugroho",
  "Ratna Sari Dewi",
  "Andreas Tanoto",
  "Bambang Sutrisno",
  "Wahyu Hidayat",
];
const FUNDS = [
  "PT Sarana Investasi Nusantara",
  "PT Cahaya Abadi Capital",
  "Dana Pensiun Mitra Sejahtera",
  "PT Lintas Samudra Holdings",
  "PT Garuda Prima Investama",
  "Asia Frontier Equity Fund",
  "PT Bina Kencana Utama",
  "Nusantara Growth Partners Ltd",
];

export interface Holder {
  name: string;
  type: "insider" | "institution";
  shares: number;
}

export interface Filing {
  [field: string]: unknown;
  timestamp: string;
  id: number;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** The three holders of a company the filings follow, with their shares before the first filing. */
export function holdersOf(c: IdxCompany): Holder[] {
  const r = rng(c.symbol, "holders");
  const total = c.sharesBn * 1e9;
  // Two different people, so a holder name identifies one running position per company.
  const first = pick(r, PEOPLE);
  const second = pick(
    r,
    PEOPLE.filter((p) => p !== first),
  );
  return [
    { name: first, type: "insider", shares: Math.round((total * between(r, 0.0002, 0.004)) / 100) * 100 },
    { name: second, type: "insider", shares: Math.round((total * between(r, 0.0001, 0.002)) / 100) * 100 },
    { name: pick(r, FUNDS), type: "institution", shares: Math.round((total * between(r, 0.02, 0.12)) / 100) * 100 },
  ];
}

/** Split a transaction into 1-3 tranches at prices close to the day's price, on the exchange's
 *  tick grid (parallel arrays). */
function tranches(r: Rng, amount: number, price: number) {
  const n = intBetween(r, 1, 3);
  const prices: number[] = [];
  const amounts: number[] = [];
  let left = amount;
  for (let i = 0; i < n; i++) {
    const a = i === n - 1 ? left : Math.max(100, Math.round((left * between(r, 0.3, 0.7)) / 100) * 100);
    if (a <= 0) break;
    prices.push(tick(price * between(r, 0.98, 1.02)));
    amounts.push(a);
    left -= a;
  }
  return { prices, amounts };
}

function makeFiling(r: Rng, id: number, day: number, c: IdxCompany, h: Holder): Filing {
  const total = c.sharesBn * 1e9;
  const buy = h.shares < total * 0.0001 || r() < 0.55;
  const amount = Math.max(100, Math.round((h.shares * between(r, 0.002, 0.04) + 100) / 100) * 100);
  const { prices, amounts } = tranches(r, buy ? amount : Math.min(amount, h.shares), sharePrice(c, day));
  const moved = amounts.reduce((s, a) => s + a, 0);
  const value = prices.reduce((s, p, i) => s + p * amounts[i], 0);
  const before = h.shares;
  h.shares = buy ? before + moved : before - moved;
  const pct = (x: number) => Number(((x / total) * 100).toFixed(4));
  const minutes = intBetween(r, 120, 540);
  const verb = buy ? "acquired" : "sold";
  const company = `${c.name} (${c.symbol}.JK)`;
  return {
    id,
    created_at: stamp(day, minutes + intBetween(r, 5, 240), intBetween(r, 0, 59_999_999)),
    title: `${h.name} ${buy ? "Buys" : "Sells"} Shares of ${c.name}`,
    body:
      `${h.name}, ${h.type === "insider" ? "an insider" : "an institutional shareholder"}, ${verb} ${fmt(moved)} shares of ${company} ` +
      `at an average price of IDR ${fmt(Number((value / moved).toFixed(2)))} per share, ${buy ? "increasing" : "decreasing"} their holding ` +
      `to ${fmt(h.shares)} shares or approximately ${pct(h.shares)}% of the company. The transaction is valued at IDR ${fmt(value)}.`,
    source: `https://filings.mdq.example/idx/${fromDay(day).slice(0, 7).replace("-", "")}/${hex(r, 10)}_${hex(r, 10)}.pdf`,
    timestamp: stamp(day, minutes),
    sector: c.sector,
    sub_sector: c.subSector,
    tags: ["insider-trading", buy ? "bullish" : "bearish", buy ? "investment" : "divestment"],
    tickers: [`${c.symbol}.JK`],
    transaction_type: buy ? "buy" : "sell",
    holding_before: before,
    holding_after: h.shares,
    amount_transaction: moved,
    holder_type: h.type,
    holder_name: h.name,
    price: (value / moved).toFixed(4),
    transaction_value: value.toFixed(4),
    price_transaction: { prices, amount_transacted: amounts },
    share_percentage_before: pct(before),
    share_percentage_after: pct(h.shares),
    share_percentage_transaction: Number(Math.abs(pct(h.shares) - pct(before)).toFixed(4)),
    uid: null,
  };
}

/** All filings with timestamp on or before `today`, newest first: one to six a trading day (about
 *  one a month per company of the universe), each a trade of a company's shares on a day they trade (listed, not suspended). */
export const allFilings = memo((today: string): Filing[] => {
  const r = rng("filings");
  const holders = new Map(IDX_COMPANIES.map((c) => [c.symbol, holdersOf(c)]));
  const out: Filing[] = [];
  let id = 1001;
  for (const day of tradingDays("idx", "2019-01-02", today)) {
    for (let n = intBetween(r, 1, 6); n > 0; n--) {
      const c = pick(r, IDX_COMPANIES);
      if (tradesOn(c, day)) out.push(makeFiling(r, id++, day, c, pick(r, holders.get(c.symbol)!)));
    }
  }
  return out.sort(newestFirst);
});
