// GET /v2/mineral-companies/ (spec 4.9): like the mining company list, but without offset.
import type { Endpoint } from "../endpoint";
import { limitOffset, slice } from "../query";
import { miningList } from "./mining-list";

export const mineralCompanies: Endpoint = {
  path: "/v2/mineral-companies/",
  handle({ query: q }) {
    q.allow(["keyword", "commodity", "limit"]);
    return slice(miningList(q), limitOffset(q, false));
  },
};
