// World production by country and commodity (spec 2.11), 2014 to the last full year. Shares are
// of a world total that also counts producers not listed here (the `covered` fraction).
import { yearOf } from "../dates";
import { memo } from "../memo";
import { between, rng } from "../prng";

/** commodity -> [share of world output covered by the listed countries, [country, 2014 volume, yearly growth][]]. */
const PRODUCERS: Record<string, [number, [string, number, number][]]> = {
  Coal: [
    0.93,
    [
      ["China", 3870, 0.02],
      ["India", 650, 0.06],
      ["Indonesia", 460, 0.07],
      ["United States", 910, -0.06],
      ["Australia", 480, -0.01],
      ["Russia", 360, 0.02],
      ["South Africa", 260, -0.01],
    ],
  ],
  Nickel: [
    0.88,
    [
      ["Indonesia", 180, 0.26],
      ["Philippines", 440, -0.02],
      ["Russia", 240, -0.01],
      ["New Caledonia", 180, 0.01],
      ["Canada", 230, -0.03],
      ["Australia", 230, -0.05],
    ],
  ],
  Gold: [
    0.55,
    [
      ["China", 450, -0.02],
      ["Australia", 274, 0.01],
      ["Russia", 250, 0.03],
      ["United States", 210, -0.03],
      ["Canada", 152, 0.03],
      ["Indonesia", 69, 0.05],
      ["Peru", 140, -0.01],
    ],
  ],
  Copper: [
    0.75,
    [
      ["Chile", 5750, -0.005],
      ["Peru", 1380, 0.06],
      ["Congo (Kinshasa)", 1030, 0.12],
      ["China", 1760, 0.01],
      ["United States", 1360, -0.01],
      ["Indonesia", 370, 0.07],
      ["Australia", 970, -0.01],
    ],
  ],
  Bauxite: [
    0.9,
    [
      ["Australia", 79, 0.02],
      ["Guinea", 18, 0.2],
      ["China", 55, 0.03],
      ["Brazil", 35, -0.01],
      ["Indonesia", 3, 0.25],
      ["India", 22, 0.03],
    ],
  ],
};

export interface CommodityRow {
  id: number;
  country: string;
  commodity_type: string;
  resources_reserves: null;
  resources_reserves_share: null;
  export_import: null;
  production_volume: Record<string, number>;
  production_share: Record<string, number>;
}

export const globalCommodity = memo((today: string): CommodityRow[] => {
  const lastYear = yearOf(today) - 1;
  const rows: CommodityRow[] = [];
  let id = 1;
  for (const [commodity, [covered, producers]] of Object.entries(PRODUCERS)) {
    const volumes = producers.map(([country, first, growth]) => {
      const map: Record<string, number> = {};
      for (let y = 2014; y <= lastYear; y++) {
        map[String(y)] = Number((first * (1 + growth) ** (y - 2014) * between(rng("gc", commodity, country, y), 0.95, 1.05)).toFixed(1));
      }
      return map;
    });
    producers.forEach(([country], i) => {
      const share: Record<string, number> = {};
      for (const y of Object.keys(volumes[i])) {
        const world = volumes.reduce((s, v) => s + v[y], 0) / covered;
        share[y] = Number(((volumes[i][y] / world) * 100).toFixed(2));
      }
      rows.push({
        id: id++,
        country,
        commodity_type: commodity,
        resources_reserves: null,
        resources_reserves_share: null,
        export_import: null,
        production_volume: volumes[i],
        production_share: share,
      });
    });
  }
  return rows;
});
