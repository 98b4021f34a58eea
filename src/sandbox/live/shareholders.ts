// GET /v2/company/shareholders-composition/{symbol}/ (live): month-end snapshots of who holds a
// company's shares, by investor type, local (_l) and foreign (_f), for one calendar year from 2021.
// The controlling holder of the company report sits with local corporates (the state under
// "other"); the rest drifts slowly between seeded shares. Each side's categories add up to its
// total and the two totals to the shares outstanding.
import { addDays, yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import { between, rng } from "../prng";
import { companyFacts, type Facts } from "./company-facts";
import { symbolOr400, yearParam } from "./params";
import { controllingHolder } from "./report/people";

const FIRST_YEAR = 2021;
const TYPES = [
  "insurance",
  "corporate",
  "pension_fund",
  "financial_institutions",
  "individual",
  "mutual_fund",
  "securities_companies",
  "foundation",
  "other",
] as const;

/** Split `total` into integers in proportion to `weights` (largest remainders get the rest). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - out[i], i]).sort((a, b) => b[0] - a[0]);
  for (let k = 0, left = total - out.reduce((s, x) => s + x, 0); k < left; k++) out[order[k % order.length][1]]++;
  return out;
}

/** Seeded weights of the investor types on one side, drifting with the month. */
function weights(symbol: string, side: string, month: number): number[] {
  return TYPES.map((t) => {
    const r = rng(symbol, "holders-mix", side, t);
    return between(r, 0.05, 1) ** 2 * (1 + 0.15 * Math.sin(month / between(r, 4, 12) + between(r, 0, 6)));
  });
}

/** Shareholder count at a month, months counted from January 2021. */
function holders(symbol: string, month: number): number {
  const r = rng(symbol, "holders-count");
  return Math.round(
    between(r, 2e4, 8e5) * (1 + between(r, 0.005, 0.03)) ** month * between(rng(symbol, "holders-count", month), 0.98, 1.02),
  );
}

function snapshot(f: Facts, date: string) {
  const symbol = f.company.symbol;
  const month = (yearOf(date) - FIRST_YEAR) * 12 + Number(date.slice(5, 7)) - 1;
  const total = Math.round(f.company.sharesBn * 1e9);
  const parent = controllingHolder(f);
  const r = rng(symbol, "foreign-share");
  const foreignShare = between(r, 0.25, 0.75) * (1 + 0.1 * Math.sin(month / 9 + between(r, 0, 6)));
  const foreign = Math.round((total - parent.shares) * foreignShare);
  const local = apportion(total - foreign - parent.shares, weights(symbol, "l", month));
  local[TYPES.indexOf(parent.state ? "other" : "corporate")] += parent.shares;
  const abroad = apportion(foreign, weights(symbol, "f", month));
  const count = holders(symbol, month);
  return {
    date,
    shares_number: total,
    ...Object.fromEntries(TYPES.map((t, i) => [`${t}_l`, local[i]])),
    total_l: total - foreign,
    ...Object.fromEntries(TYPES.map((t, i) => [`${t}_f`, abroad[i]])),
    total_f: foreign,
    numbers_of_shareholders: count,
    change_in_shareholders: count - holders(symbol, month - 1),
  };
}

/** The month ends of `year` up to today. */
function monthEnds(year: number, today: string): string[] {
  const out: string[] = [];
  for (let m = 1; m <= 12; m++) {
    const end = addDays(m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`, -1);
    if (end <= today) out.push(end);
  }
  return out;
}

export const liveShareholders: Endpoint = {
  path: "/v2/company/shareholders-composition/:symbol/",
  handle({ params, query: q, today }) {
    const code = symbolOr400(params.symbol);
    const year = yearParam(q) ?? yearOf(today);
    if (year > yearOf(today)) throw badRequest("The requested year cannot be in the future.");
    if (year < 1900) throw badRequest("Invalid year. Please provide a year from 1900.");
    const facts = companyFacts(today).get(`${code}.JK`);
    if (!facts) throw notFound(`Symbol '${code}.JK' not found in shareholders composition data.`);
    // The service's data starts in 2021: an earlier year is an empty list, not an error.
    const data = year < FIRST_YEAR ? [] : monthEnds(year, today).map((date) => snapshot(facts, date));
    return { symbol: facts.symbol, year, data };
  },
};
