// Monthly commodity prices in USD per metric ton, gold's too, as the provider's description states
// its one price field (the 1st of each month; Coal also on the 15th from 2024, as the upstream
// series turns fortnightly). Each series moves around the price per production unit that
// data/commodity-trade.ts values exports at, per tonne, so the two agree.
import { toDay } from "../dates";
import { choicesOf } from "../described";
import { memo } from "../memo";
import { unit } from "../prng";
import { PRODUCTION_UNITS } from "./commodity-trade";

interface Series {
  name: string;
  earliest: string;
  fortnightlyFrom?: string;
}

const TONNES: ReadonlyMap<string, number> = new Map([
  ["t", 1],
  ["kt", 1e3],
  ["Mt", 1e6],
]);

/** Where each commodity's series begins (Coal turns fortnightly in 2024), by name. */
const COVERAGE: Readonly<Record<string, Omit<Series, "name">>> = {
  Bauxite: { earliest: "2005-01-01" },
  Coal: { earliest: "1980-01-01", fortnightlyFrom: "2024-01-01" },
  Copper: { earliest: "1960-01-01" },
  Gold: { earliest: "1968-01-01" },
  Nickel: { earliest: "1980-01-01" },
};

/** The commodities the description names (the global commodity table's types), each with its
 *  coverage. */
const SERIES: readonly Series[] = choicesOf("/v2/mining/global-commodity/", "commodity_type").map((name) => {
  if (!(name in COVERAGE)) throw new Error(`commodity prices: no coverage for '${name}', a commodity of the description`);
  return { name, ...COVERAGE[name] };
});

export const COMMODITY_NAMES = SERIES.map((s) => s.name);

/** Case-insensitive: the path takes "coal" as well as "Coal". */
const BY_NAME: ReadonlyMap<string, Series> = new Map(SERIES.map((s) => [s.name.toLowerCase(), s]));

/** The series' price level (about 2020): the trade table's USD per production unit, per tonne. */
function level(s: Series): number {
  const [unitName, usd] = PRODUCTION_UNITS.get(s.name)!;
  return usd / TONNES.get(unitName)!;
}

function price(s: Series, day: number): number {
  const t = (day - toDay("2020-01-01")) / 365.25;
  const p1 = unit(s.name, "commodity-phase1") * 2 * Math.PI;
  const p2 = unit(s.name, "commodity-phase2") * 2 * Math.PI;
  // A slow drift (prices were lower decades ago), a commodity cycle and a shorter swing.
  const wave = 0.03 * t + 0.25 * Math.sin((2 * Math.PI * t) / 7 + p1) + 0.08 * Math.sin((2 * Math.PI * t) / 1.3 + p2);
  return Number((level(s) * Math.exp(wave + 0.06 * (unit(s.name, "commodity-price", day) - 0.5))).toFixed(2));
}

export interface PricePoint {
  name: string;
  date: string;
  price: number;
}

/** Every point of a series up to today, oldest first. */
const pointsOf = memo((key: string): PricePoint[] => {
  const [name, today] = key.split("|");
  const s = BY_NAME.get(name)!;
  const out: PricePoint[] = [];
  const [first, lastYear] = [Number(s.earliest.slice(0, 4)), Number(today.slice(0, 4))];
  for (let year = first; year <= lastYear; year++) {
    for (let month = 1; month <= 12; month++) {
      const mm = String(month).padStart(2, "0");
      const days = s.fortnightlyFrom && `${year}-${mm}-01` >= s.fortnightlyFrom ? ["01", "15"] : ["01"];
      for (const dd of days) {
        const date = `${year}-${mm}-${dd}`;
        if (date >= s.earliest && date <= today) out.push({ name: s.name, date, price: price(s, toDay(date)) });
      }
    }
  }
  return out;
});

/** A commodity by name in any case, with its points (USD per tonne) up to today. */
export function commoditySeries(name: string, today: string): { name: string; points: PricePoint[] } | undefined {
  const s = BY_NAME.get(name.toLowerCase());
  return s && { name: s.name, points: pointsOf(`${s.name.toLowerCase()}|${today}`) };
}
