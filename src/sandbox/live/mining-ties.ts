// GET /v2/mining/companies/ownership/{slug}/ and /v2/mining/contracts/ (live): the shareholdings
// and service contracts between the mining companies (data/mining-ties.ts).
import type { MiningCompany } from "../data/mining-companies";
import { serviceContracts, stakesOf } from "../data/mining-ties";
import type { Endpoint } from "../endpoint";
import { miningOr404, symbolOf } from "./mining-lookup";

const named = (c: MiningCompany) => ({ name: c.name, slug: c.slug, symbol: symbolOf(c) });

export const liveMiningOwnership: Endpoint = {
  path: "/v2/mining/companies/ownership/:slug/",
  handle({ params }) {
    const c = miningOr404(params.slug, "Company not found. Please provide a valid company slug.");
    const { parents, subsidiaries } = stakesOf(c);
    const tie = (t: (typeof parents)[number]) => ({ ...named(t.company), percentage_ownership: t.percentage_ownership });
    return { slug: c.slug, parents: parents.map(tie), subsidiaries: subsidiaries.map(tie) };
  },
};

export const liveMiningContracts: Endpoint = {
  path: "/v2/mining/contracts/",
  handle({ query: q, today }) {
    const contractor = q.str("contractor")?.toLowerCase();
    const owner = q.str("mine_owner")?.toLowerCase();
    return serviceContracts(today)
      .filter((k) => (!contractor || k.contractor.slug === contractor) && (!owner || k.mine_owner.slug === owner))
      .map((k) => ({
        mine_owner_slug: k.mine_owner.slug,
        mine_owner_name: k.mine_owner.name,
        contractor_slug: k.contractor.slug,
        contractor_name: k.contractor.name,
        contract_period_end: k.end,
      }));
  },
};
