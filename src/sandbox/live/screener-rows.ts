// The screeners' rows. IDX: each company's facts plus its full-year figures, which exist only for
// years whose four quarters are reported (null otherwise), and the dividends paid in a year.
// SGX: each listing's facts as of today (data/sgx-facts.ts).

import { dividends } from "../data/idx-dividends";
import { latestQuarters, yearTotal } from "../data/idx-financials";
import { isListedOnDate } from "../data/idx-listing";
import { isSgxListed } from "../data/sgx";
import { sgxYear } from "../data/sgx-annual";
import { type SgxFacts, sgxFacts, sgxValuation } from "../data/sgx-facts";
import { SGX_ROWS, type SgxRow } from "../data/sgx-figures";
import { SGX_LISTINGS } from "../data/sgx-prices";
import { memo } from "../memo";
import { companyFacts, type Facts } from "./company-facts";

export interface IdxRow {
  symbol: string;
  company_name: string;
  facts: Facts;
  annual(year: number, field: "revenue" | "earnings"): number | null;
  eps(year: number): number | null;
  dividend(year: number): number | null;
  /** The most recent quarter's figure (`total_revenue_mrq`, `earnings_mrq`). */
  lastQuarter(field: "revenue" | "earnings"): number | null;
}

/** The IDX screener's rows: each company listed today. */
export const idxRows = memo((today: string): IdxRow[] => {
  const listed = [...companyFacts(today).values()].filter((facts) => isListedOnDate(facts.company, today));
  return listed.map((facts) => {
    const c = facts.company;
    const annual = (year: number, field: "revenue" | "earnings") => yearTotal(c, year, field, today);
    const paid = dividends(c, today);
    return {
      symbol: facts.symbol,
      company_name: c.name,
      facts,
      annual,
      lastQuarter: (field) => {
        // The latest quarter filed, as known today (not a restatement of an older one filed since).
        const latest = latestQuarters(c, today)[0]?.record;
        return typeof latest?.[field] === "number" ? (latest[field] as number) : null;
      },
      eps: (year) => {
        const e = annual(year, "earnings");
        return e === null ? null : Number((e / (c.sharesBn * 1e9)).toFixed(2));
      },
      dividend: (year) =>
        year < 2019 || year > Number(today.slice(0, 4))
          ? null
          : paid.filter((p) => p.date.startsWith(`${year}-`)).reduce((s, p) => s + p.amount, 0),
    };
  });
});

/** The SGX screener's rows: each company listed today with its fixed facts and its facts as of
 *  today (none before the first close), so its market cap and ratios are the SGX report's. */
export interface SgxScreenRow {
  symbol: string;
  company_name: string;
  row: SgxRow;
  facts: SgxFacts | undefined;
  valuation: ReturnType<typeof sgxValuation> | undefined;
  /** A reported year's figure, null for years whose results are not out. */
  annual(year: number, field: "revenue" | "earnings"): number | null;
}

export const sgxRows = memo((today: string): SgxScreenRow[] =>
  SGX_ROWS.filter((row) => isSgxListed(row, today)).map((row) => {
    const facts = sgxFacts(SGX_LISTINGS.get(row.symbol)!, today);
    return {
      symbol: row.symbol,
      company_name: row.company_name,
      row,
      facts,
      valuation: facts && sgxValuation(facts),
      annual: (year, field) => (facts?.years.includes(year) ? sgxYear(facts.listing, year)[field] : null),
    };
  }),
);
