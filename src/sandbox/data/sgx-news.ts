// SGX news: the stories the SGX universe's own figures tell, so that an article agrees with
// SGX_REPORT and the dividends: each year's results on the day they come out (sgx-facts.ts) and
// each dividend on its ex-date (sgx-dividends.ts), while the company is listed. Newest first, up to
// today.
import { memo } from "../memo";
import { intBetween, rng } from "../prng";
import { dimension } from "./news";
import { sgxYear } from "./sgx-annual";
import { sgxDividends } from "./sgx-dividends";
import { sgxReportedYears, sgxResultsDate } from "./sgx-facts";
import { SGX_LISTINGS, type SgxListing } from "./sgx-prices";
import { slugify } from "./slug";

const millions = (x: number) => `S$${(x / 1e6).toFixed(1)} million`;

function article(s: SgxListing, date: string, title: string, body: string, tags: string[], about: "financials" | "dividend") {
  const minutes = intBetween(rng(s.symbol, "sgx-news", date), 7 * 60, 20 * 60);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;
  return {
    title,
    body,
    source: `https://news.mdq.example/sgx/${date.replace(/-/g, "/")}/${slugify(title)}`,
    timestamp: `${date}T${time}`,
    sector: s.slug,
    sub_sector: [slugify(s.sub_sector)],
    tags,
    symbols: [s.symbol],
    dimension: dimension({ [about]: 1 }),
  };
}

function storiesOf(s: SgxListing, today: string) {
  const out = [];
  for (const year of sgxReportedYears(s, today)) {
    const [now, then] = [sgxYear(s, year), sgxYear(s, year - 1)];
    const change = ((now.earnings / then.earnings - 1) * 100).toFixed(1);
    const up = now.earnings >= then.earnings;
    const title = `${s.company_name} full-year ${year} earnings ${up ? "rise" : "fall"} ${change.replace("-", "")}%`;
    const body = `${s.company_name} (${s.symbol}) reported ${year} revenue of ${millions(now.revenue)} and earnings of ${millions(now.earnings)}.`;
    out.push(article(s, sgxResultsDate(s, year), title, body, ["financial-metrics", up ? "bullish" : "bearish"], "financials"));
  }
  for (const p of sgxDividends(s, today)) {
    const title = `${s.company_name} goes ex-dividend at S$${p.amount} a share`;
    const body = `Shares of ${s.company_name} (${s.symbol}) trade ex-dividend of S$${p.amount}, a ${(p.yield * 100).toFixed(2)}% yield on the day's close.`;
    out.push(article(s, p.date, title, body, ["dividend-announcement"], "dividend"));
  }
  return out;
}

/** Every SGX article up to today, newest first. */
export const sgxNews = memo((today: string) =>
  [...SGX_LISTINGS.values()]
    .flatMap((s) => storiesOf(s, today))
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || a.symbols[0].localeCompare(b.symbols[0])),
);
