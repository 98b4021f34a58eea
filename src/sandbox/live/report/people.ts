// The management and ownership sections of the live company report, from the holders the insider
// filings follow: the two insiders are the executives, the fund is an institutional shareholder,
// and their filings make the top transactions and the monthly institutional flow. A controlling
// shareholder (the state for state-owned companies) completes the register.
import { allFilings, holdersOf } from "../../data/filings";
import { addDays } from "../../dates";
import { between, pick, rng } from "../../prng";
import type { Facts } from "../company-facts";
import { type ReportCtx, shares } from "./context";

const POSITIONS = ["President Director", "Finance Director"];
const PARENTS = ["PT Dwimitra Investama", "PT Cahaya Sentosa Holdings", "PT Graha Nusantara Utama", "PT Sinar Abadi Investindo"];

interface Move {
  holder: string;
  type: string;
  date: string;
  change: number;
}

/** The company's filings as signed share changes, newest first. */
function moves({ facts: f, today }: ReportCtx): Move[] {
  return allFilings(today)
    .filter((x) => (x.tickers as string[]).includes(f.symbol))
    .map((x) => ({
      holder: x.holder_name as string,
      type: x.holder_type as string,
      date: x.timestamp.slice(0, 10),
      change: (x.holding_after as number) - (x.holding_before as number),
    }));
}

/** The controlling shareholder: the state for state-owned companies, else a holding company. */
export function controllingHolder(f: Facts): { name: string; shares: number; state: boolean } {
  const state = f.indices.includes("IDXBUMN20");
  const r = rng(f.company.symbol, "parent");
  const name = state ? "Negara Republik Indonesia" : pick(r, PARENTS);
  return { name, shares: Math.round(shares(f.company) * between(r, 0.35, 0.6)), state };
}

/** The part of the shares no holder of the register (controlling holder, fund, insiders) owns:
 *  the public's share, which the service calls free float. */
export function freeFloat(ctx: ReportCtx): number {
  const held = controllingHolder(ctx.facts).shares + holdings(ctx).reduce((s, h) => s + h.shares, 0);
  return Number((1 - held / shares(ctx.facts.company)).toFixed(4));
}

function holdings(ctx: ReportCtx) {
  const history = allFilings(ctx.today).filter((x) => (x.tickers as string[]).includes(ctx.facts.symbol));
  return holdersOf(ctx.facts.company).map((h) => ({
    ...h,
    shares: (history.find((x) => x.holder_name === h.name)?.holding_after as number | undefined) ?? h.shares,
  }));
}

export function management(ctx: ReportCtx) {
  const total = shares(ctx.facts.company);
  const insiders = holdings(ctx).filter((h) => h.type === "insider");
  return {
    key_executives: insiders.map((h, i) => ({ name: h.name, position: POSITIONS[i] ?? "Director" })),
    executives_shareholdings: insiders.map((h, i) => ({
      name: h.name,
      position: POSITIONS[i] ?? "Director",
      share_amount: h.shares,
      share_percentage: Number((h.shares / total).toFixed(5)),
    })),
  };
}

/** The last day of each of the `n` months before today's, newest first. */
function monthEnds(today: string, n: number): string[] {
  const out: string[] = [];
  let end = addDays(`${today.slice(0, 7)}-01`, -1);
  for (let i = 0; i < n; i++) {
    out.push(end);
    end = addDays(`${end.slice(0, 7)}-01`, -1);
  }
  return out;
}

export function ownership(ctx: ReportCtx) {
  const c = ctx.facts.company;
  const total = shares(c);
  const close = ctx.facts.stats.last_close_price;
  const parent = controllingHolder(ctx.facts);
  const fund = holdings(ctx).filter((h) => h.type === "institution");
  const register = [parent, ...fund].map((h) => ({
    name: h.name,
    share_value: h.shares * close,
    share_amount: h.shares,
    share_percentage: (h.shares / total).toFixed(5),
  }));
  // Filings are sparse per company, so the window is a year and the flow twelve months.
  const [latest, ...earlier] = monthEnds(ctx.today, 12);
  const all = moves(ctx);
  const net = new Map<string, number>();
  for (const m of all.filter((x) => x.date <= latest && x.date > addDays(latest, -365))) {
    net.set(m.holder, (net.get(m.holder) ?? 0) + m.change);
  }
  const ranked = [...net].map(([name, changeAmount]) => ({ name, changeAmount }));
  return {
    major_shareholders: register,
    top_transactions: {
      date: latest,
      top_buyers: ranked
        .filter((x) => x.changeAmount > 0)
        .sort((a, b) => b.changeAmount - a.changeAmount)
        .slice(0, 5),
      top_sellers: ranked
        .filter((x) => x.changeAmount < 0)
        .sort((a, b) => a.changeAmount - b.changeAmount)
        .slice(0, 5),
    },
    institutional_transaction_flow: [latest, ...earlier].map((end) => ({
      date: end,
      net_transaction: all
        .filter((m) => m.type === "institution" && m.date.slice(0, 7) === end.slice(0, 7))
        .reduce((s, m) => s + m.change, 0),
    })),
    whale_investors: [],
    conglomerates_group: ctx.facts.profile.affiliates.map((a) => `${a} Group`),
  };
}
