// The live edition's index codes (the provider's list: kompas100 replaced media100) and which of
// them an IDX company belongs to, from the same constituent lists /v1/index/ serves.
import type { INDEX_CODES } from "../../../shared";
import { IDX_COMPANIES } from "../data/idx-companies";
import { indexMembers } from "../data/index-members";

export const LIVE_INDEX_CODES = [
  "ftse",
  "idx30",
  "idxbumn20",
  "idxesgl",
  "idxg30",
  "idxhidiv20",
  "idxq30",
  "idxv30",
  "ihsg",
  "jii70",
  "kompas100",
  "lq45",
  "sminfra18",
  "srikehati",
  "sti",
  "economic30",
  "idxvesta28",
] as const;
export type LiveIndexCode = (typeof LIVE_INDEX_CODES)[number];

export const isLiveIndexCode = (code: string): code is LiveIndexCode => (LIVE_INDEX_CODES as readonly string[]).includes(code);

/** Upper-case codes of the IDX indices each company is in, in the list's order. Kompas100 is a
 *  broad index: like media100 in the spec data it holds the whole universe. */
const MEMBERSHIP: ReadonlyMap<string, string[]> = (() => {
  const out = new Map<string, string[]>(IDX_COMPANIES.map((c) => [`${c.symbol}.JK`, []]));
  for (const code of LIVE_INDEX_CODES) {
    if (code === "sti") continue;
    const source: (typeof INDEX_CODES)[number] = code === "kompas100" ? "media100" : code;
    for (const m of indexMembers(source)) out.get(m.symbol)?.push(code.toUpperCase());
  }
  return out;
})();

export const indicesOf = (symbolJk: string): string[] => MEMBERSHIP.get(symbolJk) ?? [];
