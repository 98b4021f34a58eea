// GET /v2/mining/global-commodity/ (live): the spec edition's producers with the live fields, by
// commodity and/or country (at least one), `limit` only: the live service takes no `offset`.
import { exportImport, PRODUCTION_UNITS } from "../data/commodity-trade";
import { globalCommodity } from "../data/global-commodity";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import { limitOffset, sameText } from "../query";

export const liveGlobalCommodity: Endpoint = {
  path: "/v2/mining/global-commodity/",
  handle({ query: q, today }) {
    const country = q.str("country");
    const commodity = q.str("commodity_type");
    if (!country && !commodity) throw badRequest("At least one of `commodity_type` or `country` is required.");
    const { limit } = limitOffset(q, false);
    return globalCommodity(today)
      .filter((r) => (!country || sameText(r.country, country)) && (!commodity || sameText(r.commodity_type, commodity)))
      .slice(0, limit)
      .map((r) => ({
        country: r.country,
        commodity_type: r.commodity_type,
        resources_reserves: r.resources_reserves,
        resources_reserves_share: r.resources_reserves_share,
        // Reserves are counted in the unit of a year's output (tonnes of ore or metal).
        resources_reserves_unit: PRODUCTION_UNITS.get(r.commodity_type)?.[0] ?? "",
        export_import_usd: exportImport(r.commodity_type, r.country, r.production_volume),
        production_volume: r.production_volume,
        production_share: r.production_share,
        production_volume_unit: PRODUCTION_UNITS.get(r.commodity_type)?.[0] ?? "",
      }));
  },
};
