// The IDX screener's rows: each company's facts plus its full-year figures, which exist only for
// years whose four quarters are reported (null otherwise), and the dividends paid in a year.

import { dividends } from "../data/idx-dividends";
import { fullYears, yearTotal } from "../data/idx-financials";
import { memo } from "../memo";
import { companyFacts, type Facts } from "./company-facts";

export interface IdxRow {
  symbol: string;
  company_name: string;
  facts: Facts;
  annual(year: number, field: "revenue" | "earnings"): number | null;
  eps(year: number): number | null;
  dividend(year: number): number | null;
}

export const idxRows = memo((today: string): IdxRow[] => {
  const years = new Set(fullYears(today));
  return [...companyFacts(today).values()].map((facts) => {
    const c = facts.company;
    const annual = (year: number, field: "revenue" | "earnings") => (years.has(year) ? yearTotal(c, year, field) : null);
    const paid = dividends(c, today);
    return {
      symbol: facts.symbol,
      company_name: c.name,
      facts,
      annual,
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
