// Broker activity of the IDX universe: each trading day's volume (the /v2/daily/ bar) is split
// into seeded trades, each with a buying and a selling broker at a price on the tick grid near the
// close. Every trade counts once on each side, so across brokers buys equal sells in lots, value
// and frequency, as on a closed exchange. Foreign brokers lean to one side by a seeded daily tilt,
// which is what the foreign flow adds up.
import { between, intBetween, type Rng, rng } from "../prng";
import type { IdxCompany } from "./idx-companies";
import { dailyBar } from "./idx-daily";
import { tradesOn } from "./idx-listing";
import { tick } from "./idx-prices";

/** The registry: invented firms with the provider's kinds of classification (who their clients
 *  are, and whether the firm also underwrites). */
export const BROKERS: readonly { code: string; foreign: boolean; name: string; cohort: string; license: string }[] = [
  { code: "AK", foreign: true, name: "PT Arka Kapital Sekuritas", cohort: "institutional", license: "Broker-Dealer, Underwriter" },
  { code: "BK", foreign: true, name: "PT Baruna Sekuritas Indonesia", cohort: "institutional", license: "Broker-Dealer" },
  { code: "CC", foreign: false, name: "PT Cakra Cipta Sekuritas", cohort: "retail", license: "Broker-Dealer, Underwriter" },
  { code: "DX", foreign: false, name: "PT Dwipa Niaga Sekuritas", cohort: "mixed", license: "Broker-Dealer" },
  { code: "KZ", foreign: true, name: "PT Kencana Samudra Sekuritas", cohort: "institutional", license: "Broker-Dealer, Underwriter" },
  { code: "LG", foreign: false, name: "PT Lintang Graha Sekuritas", cohort: "retail", license: "Broker-Dealer" },
  { code: "NI", foreign: false, name: "PT Nusa Investa Sekuritas", cohort: "mixed", license: "Broker-Dealer, Underwriter" },
  { code: "OD", foreign: false, name: "PT Odira Sekuritas", cohort: "retail", license: "Broker-Dealer" },
  { code: "PD", foreign: false, name: "PT Padma Dana Sekuritas", cohort: "retail", license: "Broker-Dealer" },
  { code: "RX", foreign: true, name: "PT Rexa Securities Indonesia", cohort: "mixed", license: "Broker-Dealer" },
  { code: "XC", foreign: false, name: "PT Xacra Sekuritas", cohort: "unknown", license: "Broker-Dealer" },
  { code: "ZP", foreign: true, name: "PT Zephyr Sekuritas Indonesia", cohort: "institutional", license: "Broker-Dealer, Underwriter" },
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

/** Each active broker's buys and sells of the company on a trading day, by broker code: none on a
 *  day its shares do not trade (before it listed, while suspended). */
export function brokerDay(c: IdxCompany, day: number): Map<string, BrokerSides> {
  if (!tradesOn(c, day)) return new Map();
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
