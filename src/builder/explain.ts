// "Explain this cell": the selected cell's MDQ formula run with explain=true added to its options,
// and the core's two-column answer shown (the call in words, the value as the hosts show it, each
// of the cell's own requests with what it asks for, when it was fetched and how long it stays
// fresh, stale or not and why, the cell's credits beside what it shares with other cells, and the
// bookkeeping apart; for VALUE the quarters or report the value came from). The same table as
// explain=true in a formula: the core words it, the host only runs the call, so it never holds the key.
import type { CellValue } from "../../shared";
import { element, replaceChildren } from "./dom";
import { fieldText, readFormula, readOptions, type Written } from "./formula";
import type { BuilderCatalogue, BuilderHost, RunAnswer, Selection } from "./host";
import { costText, renderTable } from "./table";

/** A new element of `tag` with `id` at the end of `parent`. */
const withId = <K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, id: string) => {
  const el = element(parent, tag);
  el.id = id;
  return el;
};

/** A formula's argument as the call receives it; a reference the host reads (undefined: cannot). */
async function argumentValue(arg: Written, host: BuilderHost): Promise<CellValue> {
  switch (arg.kind) {
    case "value":
      return arg.value;
    case "blank":
      return null;
    case "reference":
      return host.read ? host.read(arg.text) : undefined;
    case "other":
      return undefined;
  }
}

/** What explaining sent, beside the cell's own credits where they differ: the requests sent are
 *  billed whole (one shared with the company's other cells, the edition's question), the cell's own
 *  credits count a shared request by its share only (the table's "credits of this cell"). */
function spentText(answer: RunAnswer): string {
  const own = answer.cells.find((row) => row[0] === "credits of this cell")?.[1];
  const sent = `Explaining sent ${costText(answer)}`;
  if (typeof own !== "number" || own === answer.credits) return `${sent}.`;
  return `${sent} in all, shared requests and bookkeeping counted whole; this cell's own: ${own} (see the table).`;
}

export class Explain {
  private readonly cell: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly note: HTMLElement;
  private readonly table: HTMLTableElement;

  static async mount(root: HTMLElement, host: BuilderHost): Promise<Explain> {
    const explain = new Explain(root, host, await host.catalogue());
    explain.show(await host.selected().catch(() => undefined));
    host.onSelectionChanged?.((selection) => explain.show(selection));
    return explain;
  }

  private constructor(
    root: HTMLElement,
    private readonly host: BuilderHost,
    private readonly catalogue: BuilderCatalogue,
  ) {
    this.cell = withId(root, "p", "explain-cell");
    this.button = withId(root, "button", "explain-run");
    this.button.type = "button";
    this.button.textContent = "Explain this cell";
    this.button.addEventListener("click", () => void this.explain());
    this.note = withId(root, "p", "explain-note");
    this.note.setAttribute("role", "status");
    this.table = withId(root, "table", "explain-table");
  }

  /** The selected cell named; its last explanation cleared (it was another cell's). */
  private show(selection: Selection | undefined): void {
    this.cell.textContent = selection ? `${selection.address}: ${selection.formula || "(empty)"}` : "No cell is selected.";
    this.note.textContent = "";
    replaceChildren(this.table);
  }

  async explain(): Promise<void> {
    replaceChildren(this.table);
    const say = (text: string) => {
      this.note.textContent = text;
    };
    const selection = await this.host.selected().catch(() => undefined);
    if (!selection) return say("No cell is selected.");
    this.show(selection);
    const call = readFormula(selection.formula);
    if (!call) return say(`${selection.address} holds no MDQ formula: select a cell whose formula is one MDQ call.`);
    const fn = this.catalogue.functions.find((f) => f.name === call.name);
    if (!fn) return say(`There is no function ${this.host.prefix}${call.name}.`);
    const args: CellValue[] = [];
    for (const arg of call.args.slice(0, fn.args.length)) {
      const value = await argumentValue(arg, this.host);
      if (value === undefined)
        return say(
          `Explain reads the formula's values, and ${fieldText(arg)} is not one here: add explain=TRUE to the formula's options instead.`,
        );
      args.push(value);
    }
    while (args.length < fn.args.length) args.push(null);
    const given = call.args[fn.args.length];
    const optionsCell = given ? await argumentValue(given, this.host) : "";
    if (optionsCell !== null && optionsCell !== undefined && typeof optionsCell !== "string")
      return say(`Explain reads options given as text; these are ${fieldText(given!)}: add explain=TRUE to the formula's options instead.`);
    const options = { ...readOptions(optionsCell ?? ""), explain: "TRUE" };
    const text = Object.entries(options)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    say("Asking…");
    this.button.disabled = true;
    try {
      const answer = await this.host.run(fn.name, [...args, text]);
      if (answer.error) return say(answer.error);
      renderTable(this.table, answer.cells, false);
      say(answer.fromCache || answer.requests === 0 ? "" : spentText(answer));
    } finally {
      this.button.disabled = false;
    }
  }
}
