// GET /v2/mining/companies/ (spec 4.8): keyword, commodity, limit/offset.
import type { Endpoint } from "../endpoint";
import { limitOffset, slice } from "../query";
import { miningList } from "./mining-list";

export const miningCompanies: Endpoint = {
  path: "/v2/mining/companies/",
  handle({ query: q }) {
    q.allow(["keyword", "commodity", "limit", "offset"]);
    return slice(miningList(q), limitOffset(q));
  },
};
