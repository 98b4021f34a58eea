// The SGX universe's fixed facts: every company of data/sgx.ts with its sector slug and display
// name, sub-sector, STI membership (from the index lists) and a seeded reference market cap in
// SGD, larger for STI members. The cap is the level the daily cap (sgx-prices.ts) moves around.
import { unit } from "../prng";
import { displayName } from "./display-names";
import { indexMembers } from "./index-members";
import { SGX_SECTORS, sgxCompanies } from "./sgx";

export interface SgxRow {
  symbol: string;
  company_name: string;
  /** The sector's slug, as /v2/sgx/sectors/ and the top ranking's `sector` take it. */
  slug: string;
  sector: string;
  sub_sector: string;
  market_cap: number;
  indices: string[];
}

const STI = new Set(indexMembers("sti").map((m) => m.symbol));

export const SGX_ROWS: readonly SgxRow[] = SGX_SECTORS.flatMap((slug) =>
  (sgxCompanies(slug) ?? []).map(({ symbol, company_name, sub_sector }) => {
    const [lo, hi] = STI.has(symbol) ? [5e9, 1.2e11] : [1e8, 5e9];
    return {
      symbol,
      company_name,
      slug,
      sector: displayName(slug),
      sub_sector,
      market_cap: Math.round(lo * (hi / lo) ** unit(symbol, "sgx-mcap")),
      indices: STI.has(symbol) ? ["STI"] : [],
    };
  }),
);
