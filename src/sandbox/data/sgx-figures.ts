// The SGX universe as the live screener sees it: every company of data/sgx.ts with its sector's
// display name, STI membership (from the index lists) and a seeded market cap in SGD, larger for
// STI members. No dates: the SGX demo data has no prices.
import { unit } from "../prng";
import { displayName } from "./display-names";
import { indexMembers } from "./index-members";
import { SGX_SECTORS, sgxCompanies } from "./sgx";

export interface SgxRow {
  symbol: string;
  company_name: string;
  sector: string;
  market_cap: number;
  indices: string[];
}

const STI = new Set(indexMembers("sti").map((m) => m.symbol));

export const SGX_ROWS: readonly SgxRow[] = SGX_SECTORS.flatMap((sector) =>
  (sgxCompanies(sector) ?? []).map(({ symbol, company_name }) => {
    const [lo, hi] = STI.has(symbol) ? [5e9, 1.2e11] : [1e8, 5e9];
    return {
      symbol,
      company_name,
      sector: displayName(sector),
      market_cap: Math.round(lo * (hi / lo) ** unit(symbol, "sgx-mcap")),
      indices: STI.has(symbol) ? ["STI"] : [],
    };
  }),
);
