// GET /v2/mining/sites/ (spec 4.7): province, mineral_type, min_production, sort_by=year|production
// (both descending; default year), limit/offset. Sites without output sort last by production.
import { SITE_SORT_KEYS } from "../../../shared";
import { siteRows } from "../data/mining-sites";
import { yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import { limitOffset, type Query, sameText, slice } from "../query";

export const miningSites: Endpoint = {
  path: "/v2/mining/sites/",
  handle({ query: q, today }) {
    q.allow(["province", "mineral_type", "min_production", "sort_by", "limit", "offset"]);
    const province = q.str("province");
    const mineral = q.str("mineral_type");
    const min = minProduction(q);
    const sortBy = q.str("sort_by") ?? "year";
    if (!(SITE_SORT_KEYS as readonly string[]).includes(sortBy)) {
      throw badRequest(`Invalid sort_by parameter. Valid options are: ${SITE_SORT_KEYS.join(", ")}.`);
    }
    const page = limitOffset(q);
    const rows = siteRows(String(yearOf(today) - 1)).filter(
      (s) =>
        (!province || sameText(s.province, province)) &&
        (!mineral || sameText(s.mineral_type, mineral)) &&
        (min === undefined || (s.production_volume !== null && s.production_volume >= min)),
    );
    const volume = (v: number | null) => (v === null ? -Infinity : v);
    rows.sort(
      sortBy === "production"
        ? (a, b) => volume(b.production_volume) - volume(a.production_volume) || b.year - a.year || a.id - b.id
        : (a, b) => b.year - a.year || a.id - b.id,
    );
    return slice(rows, page).map(({ province: _p, ...row }) => row);
  },
};

/** `min_production`: a plain decimal number (no exponent, so no Infinity), or undefined. */
export function minProduction(q: Query): number | undefined {
  const raw = q.str("min_production");
  if (raw !== undefined && !/^[+-]?(\d{1,15}(\.\d*)?|\.\d+)$/.test(raw)) {
    throw badRequest("Invalid min_production value. Please provide a number.");
  }
  return raw === undefined ? undefined : Number(raw);
}
