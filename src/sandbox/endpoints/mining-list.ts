// Shared filter of /v2/mining/companies/ and /v2/mineral-companies/: keyword (name, ticker or key
// operation, case-insensitive substring) and commodity (Title Case, matched case-insensitively).

import { MINING_COMPANIES } from "../data/mining-companies";
import { type Query, sameText } from "../query";

export function miningList(q: Query) {
  const keyword = q.str("keyword")?.toLowerCase();
  const commodity = q.str("commodity");
  return MINING_COMPANIES.filter(
    (c) => !keyword || [c.name, c.idx_ticker ?? "", c.key_operation].some((f) => f.toLowerCase().includes(keyword)),
  )
    .filter((c) => !commodity || c.commodity.some((m) => sameText(m, commodity)))
    .map(({ id, name, idx_ticker, company_type, key_operation }) => ({ id, name, idx_ticker, company_type, key_operation }));
}
