// GET /v1/index/{index}/ -> [{symbol, company_name}]: constituents of an index.
import { INDEX_CODES } from "../../../shared";
import { indexMembers } from "../data/index-members";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";

export const indexMembersEndpoint: Endpoint = {
  path: "/v1/index/:index/",
  handle({ params, query }) {
    query.allow([]);
    const code = params.index.toLowerCase() as (typeof INDEX_CODES)[number];
    if (!INDEX_CODES.includes(code)) throw notFound(`Index data for '${params.index}' is not available.`);
    return indexMembers(code);
  },
};
