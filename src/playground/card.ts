// A company card in the playground (COMPANY): the page has no data types, so the formula spills its
// `field, value` table as every such host does; a formula that reads a field of the cell
// (=A2.[Market cap], Excel's way) reads it from that table by the field's label or name, and the
// side panel shows the fields of the card under the selection, by section.
import { CARD_FIELDS, CARD_SECTIONS, cardField } from "../../shared";

type Value = string | number | boolean | null;

/** The fields of one company's card, as its table holds them. */
export class CardValue {
  constructor(readonly fields: ReadonlyArray<readonly [string, Value]>) {}
  /** Its fields, for the sheet's key of a formula's resolved arguments. */
  toJSON() {
    return this.fields;
  }
}

/** The card of a COMPANY result of one company (its `field, value` table); undefined otherwise. */
export function cardOf(name: string, cells: Value[][]): CardValue | undefined {
  if (name !== "COMPANY" || cells[0]?.[0] !== "field" || cells[0]?.[1] !== "value") return undefined;
  return new CardValue(cells.slice(1).map(([field, value]) => [String(field), value ?? null] as const));
}

/** A field by its label (Market cap) or its name (market_cap), in any case; an error naming the
 *  fields there are for one the card lacks (Excel's #FIELD!). */
export function fieldOf(card: CardValue, asked: string): Value {
  const wanted = asked.trim().toLowerCase();
  const field = CARD_FIELDS.find((f) => f.label.toLowerCase() === wanted || f.name === wanted);
  const hit = field && card.fields.find(([name]) => name === field.name);
  if (hit) return hit[1];
  const labels = card.fields.map(([name]) => cardField(name)?.label ?? name);
  throw {
    code: "#FIELD!",
    message: `the card has no field '${asked}'${field ? " (its market does not publish it)" : ""}: it has ${labels.join(", ")}`,
  };
}

const SECTION_TITLES: Record<string, string> = { company: "Company", trading: "Trading", valuation: "Valuation", financials: "Financials" };

/** The card's fields by section, each value as the grid shows it. */
export function cardSections(card: CardValue, show: (name: string, value: Value) => string) {
  return CARD_SECTIONS.map((section) => ({
    title: SECTION_TITLES[section],
    rows: card.fields
      .filter(([name]) => cardField(name)?.section === section)
      .map(([name, value]) => [cardField(name)?.label ?? name, show(name, value)] as const),
  })).filter((s) => s.rows.length > 0);
}

/** The side panel's card of the COMPANY result under the selection: made when one is selected,
 *  gone otherwise (the page is as before for every other cell). */
export class CardPanel {
  private element: HTMLElement | undefined;
  constructor(
    private readonly before: HTMLElement,
    private readonly show: (name: string, value: Value) => string,
  ) {}

  render(card: CardValue | undefined, source: string): void {
    if (!card) {
      this.element?.remove();
      this.element = undefined;
      return;
    }
    if (!this.element) this.element = this.before.parentElement?.insertBefore(document.createElement("section"), this.before);
    const section = this.element;
    if (!section) return;
    section.id = "card";
    section.setAttribute("aria-label", "Company card");
    section.style.cssText = "padding: 8px 12px; border-bottom: 1px solid #dadce0; font-size: 13px";
    const name = card.fields.find(([field]) => field === "name")?.[1] ?? "";
    const symbol = card.fields.find(([field]) => field === "symbol")?.[1] ?? "";
    const title = document.createElement("h2");
    title.textContent = String(name);
    title.style.cssText = "margin: 0; font-size: 16px";
    const sub = document.createElement("p");
    sub.textContent = `${symbol} · ${source}`;
    sub.style.cssText = "margin: 2px 0 6px; color: #5f6368";
    const parts: HTMLElement[] = [title, sub];
    for (const s of cardSections(card, this.show)) {
      const head = document.createElement("h3");
      head.textContent = s.title;
      head.style.cssText = "margin: 8px 0 2px; font-size: 13px";
      const list = document.createElement("dl");
      list.style.cssText = "display: grid; grid-template-columns: auto 1fr; gap: 0 12px; margin: 0";
      for (const [label, text] of s.rows) {
        const dt = document.createElement("dt");
        dt.textContent = label;
        dt.style.color = "#5f6368";
        const dd = document.createElement("dd");
        dd.textContent = text;
        dd.style.cssText = "margin: 0; text-align: right; font-variant-numeric: tabular-nums";
        list.append(dt, dd);
      }
      parts.push(head, list);
    }
    section.replaceChildren(...parts);
  }
}
