// GET /v1/index/{index}/ -> [{symbol, company_name}]: constituents of an index listed today.
import { INDEX_CODES } from "../../../shared";
import { idxCompany } from "../data/idx-companies";
import { isListedOnDate } from "../data/idx-listing";
import { indexMembers } from "../data/index-members";
import { isSgxListed, sgxListing } from "../data/sgx";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";

export const indexMembersEndpoint: Endpoint = {
  path: "/v1/index/:index/",
  handle({ params, query, today }) {
    query.allow([]);
    const code = params.index.toLowerCase() as (typeof INDEX_CODES)[number];
    if (!INDEX_CODES.includes(code)) throw notFound(`Index data for '${params.index}' is not available.`);
    // A member only from its listing on (CapitaLand Investment in the STI from 2021, GOTO from 2022).
    return indexMembers(code).filter((m) => {
      if (code === "sti") return isSgxListed(sgxListing(m.symbol)!, today);
      return isListedOnDate(idxCompany(m.symbol.replace(/\.JK$/, ""))!, today);
    });
  },
};
