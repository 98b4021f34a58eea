// Broker activity of the IDX universe: each trading day's volume (the /v2/daily/ bar) is split
// into seeded trades, each with a buying and a selling broker at a price on the tick grid near the
// close. Every trade counts once on each side, so across brokers buys equal sells in lots, value
// and frequency, as on a closed exchange. Foreign brokers lean to one side by a seeded daily tilt,
// which is what the foreign flow adds up.
import { between, intBetween, type Rng, rng } from "../prng";
import type { IdxCompany } from "./idx-companies";
import { dailyBar } from "./idx-daily";
import { tick } from "./idx-prices";

export const BROKERS: readonly { code: string; foreign: boolean }[] = [
  { code: "AK", foreign: true },
  { code: "BK", foreign: true },
  { code: "CC", foreign: false },
  { code: "DX", foreign: false },
  { code: "KZ", foreign: true },
  { code: "LG", foreign: false },
  { code: "NI", foreign: false },
  { code: "OD", foreign: false },
  { code: "PD", foreign: false },
  { code: "RX", foreign: true },
  { code: "XC", foreign: false },
  { code: "ZP", foreign: true },
];

export const FOREIGN = new Set(BROKERS.filter((b) => b.foreign).map((b) => b.code));

export interface BrokerSides {
  bfreq: number;
  blot: number;
  bval: number;
  sfreq: number;
  slot: number;
  sval: number;
}

/** A broker drawn in proportion to `weights` (one per broker of BROKERS). */
function draw(r: Rng, weights: number[]): string {
  let x = r() * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return BROKERS[i].code;
  }
  return BROKERS[BROKERS.length - 1].code;
}

/** Each active broker's buys and sells of the company on a trading day, by broker code. */
export function brokerDay(c: IdxCompany, day: number): Map<string, BrokerSides> {
  const { close, volume } = dailyBar(c, day);
  const lots = Math.round(volume / 100);
  const r = rng(c.symbol, "brokers", day);
  const trades = Math.min(lots, intBetween(r, 20, 60));
  const tilt = between(r, -0.6, 0.6);
  const share = BROKERS.map((b) => 0.2 + rng(c.symbol, "broker", b.code)());
  const buyers = share.map((w, i) => w * (BROKERS[i].foreign ? 1 + tilt : 1));
  const sellers = share.map((w, i) => w * (BROKERS[i].foreign ? 1 - tilt : 1));
  const weights = Array.from({ length: trades }, () => 0.1 + r());
  const total = weights.reduce((s, w) => s + w, 0);
  const out = new Map<string, BrokerSides>();
  const side = (code: string) => {
    const s = out.get(code) ?? { bfreq: 0, blot: 0, bval: 0, sfreq: 0, slot: 0, sval: 0 };
    out.set(code, s);
    return s;
  };
  let left = lots;
  for (let i = 0; i < trades; i++) {
    // At least a lot per trade; the floors leave the last trade at least one lot too.
    const size = i === trades - 1 ? left : 1 + Math.floor(((lots - trades) * weights[i]) / total);
    left -= size;
    const price = tick(close * (1 + between(r, -0.01, 0.01)));
    const fills = intBetween(r, 1, 40);
    const buy = side(draw(r, buyers));
    const sell = side(draw(r, sellers));
    buy.bfreq += fills;
    buy.blot += size;
    buy.bval += size * 100 * price;
    sell.sfreq += fills;
    sell.slot += size;
    sell.sval += size * 100 * price;
  }
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}
