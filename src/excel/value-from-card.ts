/// <reference types="office-js" />
// =MDQ.VALUE(A2, "market_cap") where A2 holds an MDQ company card (COMPANY): the card already has
// the value, read the way VALUE reads it (the same field, period and requests), so it is taken
// from the card without a request. Only where the card's field is exactly that VALUE (its field,
// its period, no options); anything else, or a field the card lacks, is VALUE's own call.
import type { CardField, Market } from "../../shared";
import { PROVIDER } from "./company-card";

const MARKETS: Readonly<Record<string, Market>> = { IDX: "idx", SGX: "sgx", KLSE: "klse" };

const one = (v: unknown): unknown => (Array.isArray(v) && v.length === 1 && Array.isArray(v[0]) && v[0].length === 1 ? v[0][0] : v);
const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** A card MDQ made: an entity with the provider MDQ names and its market. */
function asCard(v: unknown): (Excel.EntityCellValue & { properties: Record<string, Excel.CellValue> }) | undefined {
  const e = v as Excel.EntityCellValue | undefined;
  if (typeof e !== "object" || e === null || e.type !== "Entity" || !e.properties) return undefined;
  if (!e.provider?.description?.startsWith(PROVIDER)) return undefined;
  return e as Excel.EntityCellValue & { properties: Record<string, Excel.CellValue> };
}

/** A period as VALUE reads it: blank is the latest (-1). */
const periodText = (v: unknown) => (blank(v) ? "-1" : String(v).trim().toUpperCase().replace(/\s+/g, ""));

/** The card in VALUE's first argument, if it holds one MDQ made. */
export const cardIn = (args: readonly unknown[]) => asCard(one(args[0]));

/** VALUE's cells from `card`, the card in its first argument (`fields`: COMPANY's, as its row
 *  carries them), or undefined where VALUE must run. */
export function valueFromCard(
  card: NonNullable<ReturnType<typeof asCard>>,
  args: readonly unknown[],
  fields: readonly CardField[],
): Excel.CellValue[][] | undefined {
  const [field, period, options] = [one(args[1]), one(args[2]), one(args[3])];
  if (typeof field !== "string" || !blank(options) || Array.isArray(period)) return undefined;
  const marketCell = card.properties.Market;
  const market = marketCell?.type === "String" ? MARKETS[marketCell.basicValue] : undefined;
  if (!market) return undefined;
  const asked = { field: field.trim().toLowerCase(), period: periodText(period) };
  for (const f of fields) {
    const source = f.from[market];
    const same =
      source &&
      // (The close's day is no VALUE field: VALUE refuses it as such.)
      (("value" in source && source.value !== "date" && source.value === asked.field && source.period === asked.period) ||
        ("report" in source && source.report === asked.field && asked.period === "-1"));
    const value = same ? card.properties[f.label] : undefined;
    if (value) return [[value]];
  }
  return undefined;
}
