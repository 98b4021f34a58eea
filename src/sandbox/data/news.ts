// News articles (spec 2.2): a seeded sequence of company stories (earnings, dividends, capex,
// buybacks, management, ESG, share moves) and market-wide stories with no tickers. Each story
// type sets the `dimension` scores it speaks to.

import { fromDay, stamp, toDay } from "../dates";
import { memo } from "../memo";
import { between, intBetween, pick, type Rng, rng } from "../prng";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { isListedOn } from "./idx-listing";
import { newestFirst } from "./tags";

export interface NewsItem {
  [field: string]: unknown;
  id: number;
  timestamp: string;
}

type Dim = Partial<
  Record<"future" | "dividend" | "ownership" | "technical" | "valuation" | "financials" | "management" | "sustainability", number>
>;
interface Story {
  title: string;
  body: string;
  tags: string[];
  dim: Dim;
}

const up = (r: Rng) => r() < 0.6;

const COMPANY_STORIES: ((c: IdxCompany, r: Rng, year: number) => Story)[] = [
  (c, r, year) => {
    const rise = up(r);
    const pct = between(r, 2, 35).toFixed(1);
    return {
      title: `${c.name} Posts ${pct}% ${rise ? "Rise" : "Drop"} in ${year} Interim Net Profit`,
      body: `${c.name} (${c.symbol}.JK) reported a ${pct}% year-on-year ${rise ? "increase" : "decrease"} in net profit for the period, ${rise ? "supported by higher revenue and tighter cost control" : "as weaker prices and higher costs weighed on margins"}.`,
      tags: ["earnings", "profit", rise ? "bullish" : "bearish"],
      dim: { financials: 3, future: 1 },
    };
  },
  (c, r) => {
    const dps = intBetween(r, 10, 600);
    return {
      title: `${c.name} Announces Cash Dividend of IDR ${dps} per Share`,
      body: `Shareholders of ${c.name} (${c.symbol}.JK) approved a cash dividend of IDR ${dps} per share, with the cum date set for the coming weeks.`,
      tags: ["dividend", "agms", "bullish"],
      dim: { dividend: 3, financials: 1 },
    };
  },
  (c, r, year) => {
    const capex = between(r, 0.5, 20).toFixed(1);
    return {
      title: `${c.name} Allocates IDR ${capex} Trillion Capital Expenditure for ${year + 1}`,
      body: `${c.name} (${c.symbol}.JK) plans capital expenditure of IDR ${capex} trillion next year to expand capacity and upgrade its operations.`,
      tags: ["capital-expenditure", "expansion"],
      dim: { future: 3, financials: 1 },
    };
  },
  (c, r) => {
    const bn = intBetween(r, 100, 3000);
    return {
      title: `${c.name} Plans Share Buyback of Up to IDR ${bn} Billion`,
      body: `${c.name} (${c.symbol}.JK) will repurchase shares worth up to IDR ${bn} billion over the next three months, citing a share price below its intrinsic value.`,
      tags: ["share-buyback", "bullish"],
      dim: { ownership: 2, valuation: 2 },
    };
  },
  (c, r) => {
    const role = pick(r, ["President Director", "Finance Director", "President Commissioner"]);
    return {
      title: `${c.name} Appoints New ${role}`,
      body: `The annual general meeting of ${c.name} (${c.symbol}.JK) appointed a new ${role} and reshuffled the board.`,
      tags: ["management-change", "agms"],
      dim: { management: 3 },
    };
  },
  (c, r, year) => {
    const cut = intBetween(r, 10, 45);
    return {
      title: `${c.name} Targets ${cut}% Cut in Emissions by ${year + 6}`,
      body: `${c.name} (${c.symbol}.JK) set a target to reduce its scope 1 and 2 emissions by ${cut}% and to raise the share of renewable energy in its operations.`,
      tags: ["sustainability", "esg"],
      dim: { sustainability: 3, future: 1 },
    };
  },
  (c, r) => {
    const rise = up(r);
    const pct = between(r, 2, 12).toFixed(1);
    return {
      title: `${c.name} Shares ${rise ? "Climb" : "Slide"} ${pct}% as Foreign Investors ${rise ? "Accumulate" : "Sell"}`,
      body: `Shares of ${c.name} (${c.symbol}.JK) ${rise ? "gained" : "lost"} ${pct}% over the week on net foreign ${rise ? "buying" : "selling"}.`,
      tags: ["foreign-flows", "stock-price", rise ? "bullish" : "bearish"],
      dim: { technical: 3, valuation: 1 },
    };
  },
];

const MARKET_STORIES: ((r: Rng) => Story & { sector: string; subSectors: string[] })[] = [
  (r) => {
    const rate = (pick(r, [5.75, 6, 6.25, 5.5, 5.25, 4.75, 3.5]) as number).toFixed(2);
    return {
      title: `Bank Indonesia Holds Benchmark Rate at ${rate}%`,
      sector: "financials",
      subSectors: ["banks"],
      body: `Bank Indonesia kept its benchmark rate at ${rate}% to keep inflation within target and support the rupiah.`,
      tags: ["interest-rate", "macroeconomy"],
      dim: { financials: 1, future: 1 },
    };
  },
  (r) => {
    const price = between(r, 70, 330).toFixed(2);
    return {
      title: `Coal Reference Price Moves to USD ${price} per Tonne`,
      sector: "energy",
      subSectors: ["oil-gas-coal"],
      body: `The energy ministry set the monthly coal reference price at USD ${price} per tonne, affecting royalty payments of coal producers.`,
      tags: ["commodity-price", "coal", "regulation"],
      dim: { financials: 1, future: 1 },
    };
  },
  (r) => {
    const mt = intBetween(r, 150, 260);
    return {
      title: `Nickel Ore Quota Set at ${mt} Million Tonnes`,
      sector: "basic-materials",
      subSectors: ["basic-materials"],
      body: `The government approved mining work plans allowing ${mt} million tonnes of nickel ore output this year, shaping smelter supply.`,
      tags: ["commodity-price", "nickel", "regulation"],
      dim: { future: 2 },
    };
  },
];

const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"] as const;
export const dimension = (dim: Dim) => Object.fromEntries(DIMENSIONS.map((k) => [k, dim[k] ?? 0]));

/** All articles with timestamp on or before `today`, newest first. */
export const allNews = memo((today: string): NewsItem[] => {
  const r = rng("news");
  const out: NewsItem[] = [];
  for (let day = toDay("2019-01-02"), end = toDay(today), id = 5001; day <= end; day += intBetween(r, 0, 2)) {
    const minutes = intBetween(r, 0, 1439);
    const year = +fromDay(day).slice(0, 4);
    const slug = (t: string) =>
      t
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
    let item: { story: Story; sector: string; subSectors: string[]; tickers: string[] };
    if (r() < 0.82) {
      // A listed company's news: a company not yet listed gets none.
      const c = pick(r, IDX_COMPANIES);
      if (!isListedOn(c, day)) continue;
      item = { story: pick(r, COMPANY_STORIES)(c, r, year), sector: c.sector, subSectors: [c.subSector], tickers: [`${c.symbol}.JK`] };
    } else {
      const s = pick(r, MARKET_STORIES)(r);
      item = { story: s, sector: s.sector, subSectors: s.subSectors, tickers: [] };
    }
    out.push({
      id: id++,
      created_at: stamp(day, minutes, intBetween(r, 0, 59_999_999)),
      title: item.story.title,
      body: item.story.body,
      source: `https://news.mdq.example/${fromDay(day).replace(/-/g, "/")}/${slug(item.story.title)}`,
      timestamp: stamp(day, Math.max(0, minutes - intBetween(r, 5, 120))),
      sector: item.sector,
      sub_sector: item.subSectors,
      tags: item.story.tags,
      tickers: item.tickers,
      dimension: dimension(item.story.dim),
    });
  }
  return out.sort(newestFirst);
});
