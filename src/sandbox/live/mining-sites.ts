// GET /v2/mining/sites/ (live): the spec edition's site rows with the live fields, filtered
// (province, commodity, company slug, year, minimum output) and sorted by `order_by` (default
// -year). Sites without a value for the sort field come last either way; ties in site order.
import { siteReserves } from "../data/mining-national";
import { siteExtras } from "../data/mining-site-extras";
import { type SiteRow, siteRows, UNITS } from "../data/mining-sites";
import { yearOf } from "../dates";
import { describedOrder } from "../described";
import type { Endpoint } from "../endpoint";
import { minProduction } from "../endpoints/mining-sites";
import { notFound } from "../errors";
import { between, rng } from "../prng";
import { limitOffset, sameText } from "../query";
import { envelope } from "./envelope";
import { yearParam } from "./params";

function liveSite(s: SiteRow) {
  const x = siteExtras(s);
  return {
    name: s.name,
    project_name: x.project_name,
    year: s.year,
    commodity_type: s.mineral_type,
    production_volume: s.production_volume,
    unit: UNITS[s.mineral_type][0],
    strip_ratio: x.strip_ratio,
    province: s.province,
    city: x.city,
    company_slug: x.company_slug,
    company_name: x.company_name,
    slug: x.slug,
    id: s.id,
  };
}

export const liveMiningSites: Endpoint = {
  path: "/v2/mining/sites/",
  handle({ query: q, today }) {
    const province = q.str("province");
    const commodity = q.str("commodity_type");
    const company = q.str("company")?.toLowerCase();
    const year = yearParam(q);
    const min = minProduction(q);
    const { field, descending } = describedOrder(liveMiningSites.path, q, "-year") as {
      field: "year" | "production_volume" | "strip_ratio";
      descending: boolean;
    };
    const page = limitOffset(q);
    const rows = siteRows(String(yearOf(today) - 1))
      .map(liveSite)
      .filter(
        (s) =>
          (!province || sameText(s.province, province)) &&
          (!commodity || sameText(s.commodity_type, commodity)) &&
          (!company || s.company_slug === company) &&
          (year === undefined || s.year === year) &&
          // The live register lists a site's year only with its output (the description has no null).
          s.production_volume !== null &&
          (min === undefined || s.production_volume >= min),
      );
    const sign = descending ? -1 : 1;
    rows.sort((a, b) => {
      const [x, y] = [a[field], b[field]];
      if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
      return sign * (x - y) || a.id - b.id;
    });
    return envelope(rows, page, ({ id: _id, ...row }) => row);
  },
};

/** GET /v2/mining/sites/{slug}/: the site's latest year in full, with its resources and reserves
 *  (as the company's performance counts them) and a seeded point inside Indonesia's bounds. */
export const liveMiningSite: Endpoint = {
  path: "/v2/mining/sites/:slug/",
  handle({ params, today }) {
    const rows = siteRows(String(yearOf(today) - 1)).filter((s) => siteExtras(s).slug === params.slug.toLowerCase());
    const s = rows.at(-1);
    if (!s) throw notFound("Mining site not found.");
    const { id: _id, province, city, strip_ratio, ...site } = liveSite(s);
    const r = rng("site-point", s.name);
    return {
      ...site,
      overburden_removal_volume:
        strip_ratio === null || s.production_volume === null ? null : Number((strip_ratio * s.production_volume).toFixed(2)),
      strip_ratio,
      resources_reserves: siteReserves(s),
      location: { province, city, latitude: Number(between(r, -8.5, 3.5).toFixed(6)), longitude: Number(between(r, 96, 140).toFixed(6)) },
    };
  },
};
