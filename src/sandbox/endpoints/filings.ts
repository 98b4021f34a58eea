// GET /v1/filings/: insider filings, newest first (spec 4.1).
import { TRANSACTION_TYPES } from "../../../shared";
import { allFilings } from "../data/filings";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import { checkSubSector, filterFeed, topOrPage } from "./feed";

export const filings: Endpoint = {
  path: "/v1/filings/",
  handle({ query: q, today }) {
    q.allow(["sector", "sub_sector", "tags", "tickers", "transaction_type", "start", "end", "n", "page", "page_size"]);
    const sector = q.str("sector");
    const subSector = q.str("sub_sector");
    if (subSector) checkSubSector(subSector);
    const type = q.str("transaction_type");
    if (type && !(TRANSACTION_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`Invalid transaction_type provided: ${type}. Use 'buy' or 'sell'.`);
    }
    const rows = filterFeed(allFilings(today), q).filter(
      (f) => (!sector || f.sector === sector) && (!subSector || f.sub_sector === subSector) && (!type || f.transaction_type === type),
    );
    return topOrPage(rows, q);
  },
};
