// GET /v2/mining/global-commodity/ (spec 4.15 + service facts): country and/or commodity_type
// (at least one), limit/offset.

import { globalCommodity as rows } from "../data/global-commodity";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import { limitOffset, sameText, slice } from "../query";

export const globalCommodity: Endpoint = {
  path: "/v2/mining/global-commodity/",
  handle({ query: q, today }) {
    q.allow(["country", "commodity_type", "limit", "offset"]);
    const country = q.str("country");
    const commodity = q.str("commodity_type");
    if (!country && !commodity) throw badRequest("At least one of `commodity_type` or `country` is required.");
    const page = limitOffset(q);
    return slice(
      rows(today).filter((r) => (!country || sameText(r.country, country)) && (!commodity || sameText(r.commodity_type, commodity))),
      page,
    );
  },
};
