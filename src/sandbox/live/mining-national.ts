// GET /v2/mining/exports/, /v2/mining/total-production/ and /v2/mining/resources-reserves/[{province}/]
// (live): the country-wide figures of data/mining-national.ts.
import { PRODUCTION_UNITS } from "../data/commodity-trade";
import { exportDestinations, nationalOutput, provinceReserves, slot } from "../data/mining-national";
import { yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { limitOffset, sameText } from "../query";
import { yearParam } from "./params";

/** A commodity as the service spells it (Title Case), from any case. */
const titled = (raw: string | undefined) => (raw ? raw[0].toUpperCase() + raw.slice(1).toLowerCase() : "");

export const liveMiningExports: Endpoint = {
  path: "/v2/mining/exports/",
  handle({ query: q, today }) {
    const { limit } = limitOffset(q, false);
    return exportDestinations(today, titled(q.str("commodity_type")), yearParam(q) ?? 0).slice(0, limit);
  },
};

export const liveTotalProduction: Endpoint = {
  path: "/v2/mining/total-production/",
  handle({ query: q, today }) {
    const commodity = titled(q.str("commodity_type"));
    const volumes = nationalOutput(today, commodity);
    if (!volumes) throw notFound(`No production data found for ${commodity}.`);
    return Object.keys(volumes)
      .sort((a, b) => b.localeCompare(a))
      .map((year) => {
        const [volume, prev] = [volumes[year], volumes[String(Number(year) - 1)] ?? null];
        const change = prev ? Number((((volume - prev) / prev) * 100).toFixed(2)) : null;
        const unit = PRODUCTION_UNITS.get(commodity)?.[0];
        return { year: Number(year), production_volume: volume, prev_year_volume: prev, unit, yoy_change_percent: change };
      });
  },
};

export const liveReservesIndex: Endpoint = {
  path: "/v2/mining/resources-reserves/",
  handle({ today }) {
    const index: Record<string, Record<string, number[]>> = {};
    for (const [province, years] of Object.entries(provinceReserves(yearOf(today) - 1))) {
      const byCommodity = slot(index, province, () => ({}));
      for (const [year, commodities] of Object.entries(years))
        for (const commodity of Object.keys(commodities)) slot(byCommodity, commodity, (): number[] => []).unshift(Number(year));
    }
    return index;
  },
};

export const liveProvinceReserves: Endpoint = {
  path: "/v2/mining/resources-reserves/:province/",
  handle({ params, query: q, today }) {
    const all = Object.entries(provinceReserves(yearOf(today) - 1));
    const [province, years] = all.find(([p]) => sameText(p, params.province)) ?? [];
    if (!province || !years) throw notFound(`No resources and reserves data found for ${params.province}.`);
    const [commodity, year] = [q.str("commodity_type"), yearParam(q)];
    const data: Record<string, Record<string, unknown>> = {};
    for (const [y, commodities] of Object.entries(years)) {
      if (year !== undefined && Number(y) !== year) continue;
      for (const [c, figures] of Object.entries(commodities))
        if (!commodity || sameText(c, commodity)) slot(data, y, (): Record<string, unknown> => ({}))[c] = figures;
    }
    return { province, data };
  },
};
