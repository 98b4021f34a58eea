// Daily closing levels of the index codes of both editions: a mean-reverting random walk in log
// space around a slowly drifting level (with the 2020 slump), one value per trading day of
// the index's exchange (calendar/) from 2019-01-02.
// The walk is sequential, so a series is generated once per (code, today) and memoised; the
// prefix never depends on `today`, only how far it reaches.

import { type INDEX_CODES, ownValue, SERVICE_BOUNDS } from "../../../shared";
import { isTradingDay } from "../calendar";
import { fromDay, toDay } from "../dates";
import { memo } from "../memo";
import { normal, rng } from "../prng";

/** Level at 2019-01-02 and yearly drift of the centre the walk reverts to. kompas100 is only in
 *  the live edition's list (where media100 is gone). */
const LEVELS: Record<(typeof INDEX_CODES)[number] | "kompas100", [number, number]> = {
  ihsg: [6400, 0.02],
  lq45: [990, -0.01],
  idx30: [520, -0.015],
  idxbumn20: [420, -0.02],
  idxesgl: [135, 0.01],
  idxg30: [138, 0.015],
  idxhidiv20: [490, -0.005],
  idxq30: [142, 0.005],
  idxv30: [128, 0.02],
  jii70: [215, -0.005],
  media100: [1230, -0.01],
  kompas100: [1190, -0.01],
  sminfra18: [330, -0.03],
  srikehati: [395, -0.01],
  sti: [3150, 0.015],
  economic30: [540, -0.01],
  idxvesta28: [118, 0.01],
  ftse: [6900, 0.015],
};

export interface IndexPoint {
  date: string;
  price: number;
}

const FIRST_DAY = toDay(SERVICE_BOUNDS.indexFirstDate);
const SLUMP_START = toDay("2020-03-01");
const SLUMP_END = toDay("2020-12-31");

/** The 2020 slump: the centre dips by 18% and recovers over the year. */
function slump(day: number): number {
  if (day < SLUMP_START || day > SLUMP_END) return 0;
  const x = (day - SLUMP_START) / (SLUMP_END - SLUMP_START);
  return Math.log(1 - 0.18 * Math.sin(Math.PI * x));
}

export const indexSeries = memo((key: string): IndexPoint[] => {
  const [code, today] = key.split("|") as [keyof typeof LEVELS, string];
  // Own fields only: a code is user text, and "constructor" must not reach Object.prototype.
  const [level, drift] = ownValue(LEVELS, code)!;
  // The Straits Times Index trades on SGX; every other code is an index of IDX shares.
  const exchange = code === "sti" ? "sgx" : "idx";
  const r = rng("index", code);
  const out: IndexPoint[] = [];
  let x = 0; // log deviation from the centre
  for (let day = FIRST_DAY, end = toDay(today); day <= end; day++) {
    if (!isTradingDay(exchange, day)) continue;
    if (out.length) x += -0.03 * x + 0.0095 * normal(r);
    const centre = Math.log(level) + Math.log(1 + drift) * ((day - FIRST_DAY) / 365.25) + slump(day);
    out.push({ date: fromDay(day), price: Number(Math.exp(centre + x).toFixed(2)) });
  }
  return out;
});
