// The SGX universe's fixed facts: every company of data/sgx.ts with its sector slug and display
// name, sub-sector, STI membership (from the index lists), listing dates and a reference market
// cap in SGD: its real share price times its shares. The cap is the level the daily cap
// (sgx-prices.ts) moves around.
import { displayName } from "./display-names";
import { indexMembers } from "./index-members";
import { SGX_SECTORS, type SgxCompany, sgxCompanies } from "./sgx";

export interface SgxRow extends SgxCompany {
  /** The sector's slug, as /v2/sgx/sectors/ and the top ranking's `sector` take it. */
  slug: string;
  sector: string;
  market_cap: number;
  indices: string[];
}

const STI = new Set(indexMembers("sti").map((m) => m.symbol));

export const SGX_ROWS: readonly SgxRow[] = SGX_SECTORS.flatMap((slug) =>
  (sgxCompanies(slug) ?? []).map((c) => ({
    ...c,
    slug,
    sector: displayName(slug),
    market_cap: Math.round(c.price * c.shares),
    indices: STI.has(c.symbol) ? ["STI"] : [],
  })),
);
