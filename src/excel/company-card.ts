/// <reference types="office-js" />
// A company card as Excel's data type: an entity whose text is the symbol and name, each field of
// COMPANY's table a typed property by its label (numbers with their number format, dates as dates,
// text), each section a nested entity too, and a card layout with the title, the sections and the
// provider with the time its answers were fetched. Built from the cells of the call's `field,
// value` table, as shown in this Excel (number-formats.ts, dates.ts): the same numbers, typed.
import { CARD_SECTIONS, type CardField, type CardSection, MdqError } from "../../shared";
import { rowNamed } from "./catalogue-rows";
import type { FormattedDate } from "./dates";

/** What a field of the card shows without a format of its own (an amount, a count of shares). */
const PLAIN_FORMATS: Partial<Record<CardField["kind"], string>> = { amount: "#,##0", count: "#,##0" };

const SECTION_TITLES: Readonly<Record<CardSection, string>> = {
  company: "Company",
  trading: "Trading",
  valuation: "Valuation",
  financials: "Financials",
};

export const PROVIDER = "Market Data Query Service";

/** The number type of this Excel: "Double" with a number format from ExcelApi 1.19, else the
 *  older "FormattedNumber" (dates.ts says the same of dates). */
export type NumberType = FormattedDate["type"];

type Shown = string | number | boolean | FormattedDate | null | undefined;

/** One value as a property: text, a number with its format (its own, or its kind's), a date. */
function propertyOf(cell: Shown, field: CardField | undefined, numbers: NumberType): Excel.CellValue | undefined {
  if (cell === null || cell === undefined || cell === "") return undefined;
  if (typeof cell === "string") return { type: "String", basicValue: cell };
  if (typeof cell === "boolean") return { type: "Boolean", basicValue: cell };
  if (typeof cell === "number") {
    const numberFormat = field && PLAIN_FORMATS[field.kind];
    if (!numberFormat) return { type: "Double", basicValue: cell };
    return numbers === "Double"
      ? { type: "Double", basicValue: cell, numberFormat }
      : { type: "FormattedNumber", basicValue: cell, numberFormat };
  }
  return cell.type === "Double"
    ? { type: "Double", basicValue: cell.basicValue, numberFormat: cell.numberFormat }
    : { type: "FormattedNumber", basicValue: cell.basicValue, numberFormat: cell.numberFormat };
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The card's fields as COMPANY's row carries them (the row script of its family brings them). */
export async function cardFields(): Promise<readonly CardField[]> {
  const fn = await rowNamed("COMPANY");
  if (!fn.card) throw new MdqError("malformed", `${fn.name}'s row holds no card fields: reload the add-in (close and reopen the workbook)`);
  return fn.card.fields;
}

/** The card of one company from its `field, value` rows (no header); `fields`: COMPANY's, as its
 *  row carries them. */
export function companyEntity(
  rows: ReadonlyArray<readonly Shown[]>,
  fetchedAt: number | undefined,
  numbers: NumberType,
  fields: readonly CardField[],
): Excel.EntityCellValue {
  const properties: Record<string, Excel.CellValue> = {};
  const bySection = new Map<CardSection, string[]>();
  for (const [name, cell] of rows) {
    const field = fields.find((f) => f.name === String(name));
    const label = field?.label ?? String(name);
    const value = propertyOf(cell, field, numbers);
    if (!value) continue;
    properties[label] = value;
    const section = field?.section ?? "company";
    bySection.set(section, [...(bySection.get(section) ?? []), label]);
  }
  const text = (label: string) => {
    const v = properties[label];
    return v && v.type === "String" ? v.basicValue : "";
  };
  const sections = CARD_SECTIONS.filter((s) => bySection.has(s));
  // Each section as an entity of its own too (=A2.Valuation shows it as a card of its fields).
  for (const s of sections) {
    const own = bySection.get(s) as string[];
    properties[SECTION_TITLES[s]] = {
      type: "Entity",
      text: SECTION_TITLES[s],
      properties: Object.fromEntries(own.map((label) => [label, properties[label]])),
      layouts: { card: { title: SECTION_TITLES[s], sections: [{ layout: "List", properties: own }] } },
    };
  }
  return {
    type: "Entity",
    text: [text("Symbol"), text("Name")].filter(Boolean).join(" · "),
    properties,
    layouts: {
      card: {
        title: { property: "Name" },
        subTitle: { property: "Symbol" },
        sections: sections.map((s) => ({ layout: "List", title: SECTION_TITLES[s], properties: bySection.get(s) as string[] })),
      },
      compact: { icon: "ArrowTrendingLines" },
    },
    provider: { description: fetchedAt === undefined ? PROVIDER : `${PROVIDER}, fetched ${utc(fetchedAt)}` },
  };
}
