// The function builder, one for every host (the playground, Excel's task pane, the Sheets
// sidebar): a searchable list of the functions by market, each argument with its help and its
// pick list (fixed choices, the service's own lists, a company picker for tickers), the formula
// as it will be written, a preview of its first rows with what it cost, and Insert into the
// active cell. With a cell holding an MDQ formula selected, it opens on that call's arguments.
// A company argument holds a symbol the search resolved (picked, or the top match on Enter or
// Tab): a name typed and left unpicked is resolved to the search's top match when Preview or
// Insert is pressed, and the note says which company it became; a name nothing matches is not
// inserted, the note saying why. A resolved symbol is written as text, never as a reference.
// Everything of the host comes through a BuilderHost (host.ts).
import type { CellValue } from "../../shared";
import { partsOf, problemText, type Resolution, resolveCompany } from "./companies";
import { attachCompanyPicker, isResolved, setResolved } from "./company-picker";
import { element, replaceChildren } from "./dom";
import { cellValueOf, fieldsOf, formulaOf, isReference, optionsText, readFormula } from "./formula";
import type { BuilderArg, BuilderCatalogue, BuilderFunction, BuilderHost, Selection } from "./host";
import { ServiceLists } from "./lists";
import { costText, renderTable } from "./table";

/** Rows of an answer the preview shows (its header and the first rows under it). */
export const PREVIEW_ROWS = 10;

type Field = HTMLInputElement | HTMLSelectElement;

/** The part of an address after its sheet: Sheet1!B2 → B2. */
const shortAddress = (address: string) => address.slice(address.lastIndexOf("!") + 1);

export class Builder {
  private fn: BuilderFunction;
  private readonly search: HTMLInputElement;
  private readonly picker: HTMLSelectElement;
  private readonly about: HTMLElement;
  private readonly fields: HTMLElement;
  private readonly formulaBox: HTMLOutputElement;
  private readonly exampleButton: HTMLButtonElement;
  readonly previewButton: HTMLButtonElement;
  readonly insertButton: HTMLButtonElement;
  private readonly note: HTMLElement;
  private readonly cost: HTMLElement;
  private readonly previewTable: HTMLTableElement;
  private readonly lists: ServiceLists;
  /** The selected cell's address, where Insert writes. */
  private address: string | undefined;
  /** Bumped when the formula changes: a preview of an older formula is not shown. */
  private version = 0;

  /** The builder in `root`, once the host has described its functions. */
  static async mount(root: HTMLElement, host: BuilderHost): Promise<Builder> {
    const builder = new Builder(root, host, await host.catalogue());
    builder.showSelection(await host.selected().catch(() => undefined));
    host.onSelectionChanged?.((selection) => builder.showSelection(selection));
    return builder;
  }

  private constructor(
    root: HTMLElement,
    private readonly host: BuilderHost,
    private readonly catalogue: BuilderCatalogue,
  ) {
    this.lists = new ServiceLists(host);
    this.fn = catalogue.functions[0];
    this.search = element(root, "input", "search");
    this.search.id = "builder-search";
    this.search.type = "search";
    this.search.placeholder = "Search functions: name or words";
    this.search.setAttribute("aria-label", "Search functions");
    this.search.addEventListener("input", () => this.filter(this.search.value));
    this.picker = element(root, "select");
    this.picker.id = "builder-function";
    this.picker.setAttribute("aria-label", "Function");
    this.picker.addEventListener("change", () => this.choose(this.named(this.picker.value)));
    this.about = element(root, "div", "about");
    this.fields = element(root, "div", "fields");
    this.fields.addEventListener("input", () => this.update());
    this.fields.addEventListener("change", () => this.update());
    this.formulaBox = element(root, "output");
    this.formulaBox.id = "builder-formula";
    const buttons = element(root, "div", "buttons");
    this.exampleButton = element(buttons, "button");
    this.exampleButton.type = "button";
    this.exampleButton.textContent = "Fill in the example";
    this.exampleButton.addEventListener("click", () => this.fillExample());
    this.previewButton = element(buttons, "button");
    this.previewButton.type = "button";
    this.previewButton.id = "builder-preview";
    this.previewButton.textContent = "Preview";
    this.previewButton.addEventListener("click", () => void this.preview());
    this.insertButton = element(buttons, "button", "primary");
    this.insertButton.type = "button";
    this.insertButton.id = "builder-insert";
    this.insertButton.textContent = "Insert";
    this.insertButton.addEventListener("click", () => void this.insert());
    this.note = element(root, "p", "note");
    this.note.id = "builder-note";
    this.note.setAttribute("role", "status");
    const preview = element(root, "div", "preview");
    this.cost = element(preview, "p", "cost");
    this.cost.id = "builder-cost";
    this.previewTable = element(preview, "table");
    this.previewTable.id = "builder-preview-table";
    this.filter("");
    this.choose(this.fn);
  }

  private named(name: string): BuilderFunction {
    return this.catalogue.functions.find((f) => f.name === name) ?? this.catalogue.functions[0];
  }

  /** The picker's functions by market, those whose name or summary hold every word typed. */
  private filter(text: string): void {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (f: BuilderFunction) => words.every((w) => `${f.name} ${f.summary}`.toLowerCase().includes(w));
    replaceChildren(this.picker);
    for (const group of this.catalogue.groups) {
      const fns = this.catalogue.functions.filter((f) => f.group === group.id && matches(f));
      if (fns.length === 0) continue;
      const optgroup = element(this.picker, "optgroup");
      optgroup.label = group.title;
      for (const f of fns) optgroup.appendChild(new Option(f.summary ? `${f.name}: ${f.summary}` : f.name, f.name));
    }
    const shown = [...this.picker.options].map((o) => o.value);
    if (shown.includes(this.fn.name)) this.picker.value = this.fn.name;
    // The first match becomes the function, so that typing then Tab lands on its arguments.
    else if (shown.length) this.choose(this.named(shown[0]));
  }

  /** The Insert button names the cell it will write to. */
  target(address: string | undefined): void {
    this.address = address;
    this.insertButton.textContent = address ? `Insert into ${shortAddress(address)}` : "Insert";
  }

  formula(): string {
    const { args, options } = this.values();
    return formulaOf(this.fn, args, options, this.host.prefix, this.host.separator, this.resolvedArgs());
  }

  private argField(name: string): Field | null {
    return this.fields.querySelector<Field>(`[data-arg="${name}"]`);
  }

  /** The arguments holding a symbol the search resolved. */
  private resolvedArgs(): Set<string> {
    return new Set(this.fn.args.filter((a) => a.company && this.argField(a.name) && isResolved(this.argField(a.name)!)).map((a) => a.name));
  }

  /** Every company argument typed but not resolved (a name, a symbol as typed), resolved to the
   *  search's top match, each part of a list on its own; a reference the user typed is left as
   *  it is. Resolves with what was resolved, in words ("" when nothing was), or with undefined
   *  when one part matches no company: the note then says which, and `refused` what was not done. */
  private async resolveTyped(refused: string): Promise<string | undefined> {
    const said: string[] = [];
    for (const a of this.fn.args) {
      const input = this.argField(a.name);
      const text = input?.value.trim() ?? "";
      if (!a.company || !input || text === "" || isResolved(input) || isReference(text, a)) continue;
      const mine = this.version;
      const resolutions: Resolution[] = [];
      for (const part of partsOf(text, a.several === true)) resolutions.push(await resolveCompany(this.host, part, a.company));
      // The field was changed while the search ran: what it holds now is not what was resolved.
      if (mine !== this.version) return this.resolveTyped(refused);
      const problem = resolutions.find((r) => "problem" in r);
      if (problem && "problem" in problem) {
        this.note.textContent = `${refused}: ${problemText(a.name, problem)}.`;
        return undefined;
      }
      const companies = resolutions.flatMap((r) => ("company" in r ? [r] : []));
      setResolved(input, companies.map((r) => r.company.symbol).join(","));
      // A symbol typed in other letters is that symbol: only a name that became one is said.
      for (const r of companies)
        if (r.company.symbol.toUpperCase() !== r.typed.toUpperCase())
          said.push(
            `${a.name} "${r.typed}" is ${r.company.symbol}${r.company.name ? ` (${r.company.name})` : ""}, the company search's top match`,
          );
      this.update();
    }
    return said.length ? `${said.join("; ")}. ` : "";
  }

  private values(): { args: Record<string, string>; options: Record<string, string> } {
    const read = (kind: "arg" | "option") =>
      Object.fromEntries([...this.fields.querySelectorAll<Field>(`[data-${kind}]`)].map((el) => [el.dataset[kind]!, el.value]));
    return { args: read("arg"), options: read("option") };
  }

  private choose(fn: BuilderFunction, values?: { args: Record<string, string>; options: Record<string, string> }): void {
    this.fn = fn;
    this.picker.value = fn.name;
    replaceChildren(this.about);
    const names = [...fn.args.map((a) => (a.required ? a.name : `[${a.name}]`)), "[options]"];
    element(this.about, "code").textContent = `${this.host.prefix}${fn.name}(${names.join(", ")})`;
    const url = this.host.referenceUrl?.(fn.name);
    if (url) {
      const link = element(this.about, "a");
      link.href = url;
      link.target = "_blank";
      link.textContent = "reference";
    }
    if (fn.summary) element(this.about, "p").textContent = fn.summary;
    if (fn.output) element(this.about, "p", "output").textContent = fn.output;
    replaceChildren(this.fields, ...fn.args.map((a) => this.field(a, "arg", values?.args[a.name])));
    const more = element(this.fields, "details");
    more.open = Object.values(values?.options ?? {}).some((v) => v !== "");
    element(more, "summary").textContent = `Options (${fn.options.map((o) => o.name).join(", ")})`;
    for (const option of fn.options) more.appendChild(this.field(option, "option", values?.options[option.name]));
    this.exampleButton.hidden = fn.example.every((v) => v === "");
    this.update();
  }

  private field(spec: BuilderArg, kind: "arg" | "option", value = ""): HTMLElement {
    const box = document.createElement("label");
    box.className = "field";
    element(box, "span", "name").textContent = spec.name + (spec.required ? " *" : "");
    let input: Field;
    if (spec.choices) {
      input = document.createElement("select");
      input.add(new Option("(blank)", ""));
      for (const c of spec.choices) input.add(new Option(c, c));
      // A value the list does not hold (a reference, a value typed in the cell) is kept, not lost.
      if (value && !spec.choices.includes(value)) input.add(new Option(value, value));
    } else {
      input = document.createElement("input");
      input.placeholder = spec.expected || "any value";
      const suggested = spec.suggestions ?? [];
      // Suggested values and the service's lists as the browser's own list: other text is still taken.
      if (suggested.length || spec.list) {
        const list = element(box, "datalist");
        list.id = `suggest-${kind}-${spec.name}`;
        for (const s of suggested) list.appendChild(new Option(s, s));
        input.setAttribute("list", list.id);
        // Asked when the field is first used, not when it is shown: a list costs a request.
        const serviceList = spec.list;
        if (serviceList)
          input.addEventListener(
            "focus",
            () =>
              void this.lists.values(serviceList).then((values) => {
                for (const v of values) list.appendChild(new Option(v, v));
              }),
            { once: true },
          );
      }
    }
    input.dataset[kind] = spec.name;
    input.value = value;
    box.appendChild(input);
    if (spec.company && input instanceof HTMLInputElement) attachCompanyPicker(box, input, spec.company, this.host, () => this.update());
    if (spec.help) element(box, "small").textContent = spec.help;
    return box;
  }

  private fillExample(): void {
    this.fn.args.forEach((a, i) => {
      const input = this.argField(a.name)!;
      const value = this.fn.example[i] ?? "";
      // The catalogue's example names real companies by their symbols: resolved already.
      if (a.company && value !== "") setResolved(input, value);
      else input.value = value;
    });
    this.update();
  }

  private update(): void {
    this.version++;
    this.formulaBox.textContent = this.formula();
    this.cost.textContent = "";
    replaceChildren(this.previewTable);
  }

  /** The call's first rows and its cost, before anything is written to the sheet. */
  async preview(): Promise<void> {
    this.note.textContent = "";
    const resolved = await this.resolveTyped("Not previewed");
    if (resolved === undefined) return;
    this.note.textContent = resolved;
    const { args, options } = this.values();
    const mine = this.version;
    const cells: CellValue[] = [];
    for (const a of this.fn.args) {
      const text = args[a.name] ?? "";
      // A reference is read from the sheet as the formula would read it, where the host can.
      let value: CellValue;
      try {
        value = isReference(text, a) ? await this.host.read?.(text.trim()) : cellValueOf(text);
      } catch (e) {
        this.cost.textContent = `${text.trim()} could not be read (${(e as Error).message}).`;
        return;
      }
      if (value === undefined) {
        this.cost.textContent = `The preview takes typed values here: ${text.trim()} is a cell reference. Insert the formula to see its answer.`;
        return;
      }
      cells.push(value);
    }
    const text = optionsText(options);
    if (text) cells.push(text);
    while (cells.length && cells[cells.length - 1] === null) cells.pop();
    this.cost.textContent = "Asking…";
    this.previewButton.disabled = true;
    try {
      const answer = await this.host.run(this.fn.name, cells, "preview");
      if (mine !== this.version) return;
      if (answer.error) {
        this.cost.textContent = answer.error;
        return;
      }
      // As the call laid it out (one value has no header), else as its options ask.
      const header = (answer.headers ?? options.headers?.toUpperCase() !== "FALSE") && answer.cells.length > 0;
      const shown = answer.cells.slice(0, PREVIEW_ROWS + (header ? 1 : 0));
      const rows = answer.cells.length - (header ? 1 : 0);
      const plural = rows === 1 ? "row" : "rows";
      this.cost.textContent = `Cost: ${costText(answer)}${answer.stale ? `. Stale: ${answer.stale}` : ""}. ${
        rows > PREVIEW_ROWS ? `The first ${PREVIEW_ROWS} rows of ${rows}.` : `${rows} ${plural}.`
      }`;
      const look = this.host.cellText;
      renderTable(
        this.previewTable,
        shown,
        header,
        look && ((value, labels, format) => look(this.fn.name, value, labels, format)),
        answer.formats,
      );
    } finally {
      this.previewButton.disabled = false;
    }
  }

  private async insert(): Promise<void> {
    this.note.textContent = "";
    this.insertButton.disabled = true;
    try {
      const resolved = await this.resolveTyped("Not inserted");
      if (resolved === undefined) return;
      const formula = this.formula();
      const address = this.address;
      await this.host.insert(formula);
      this.note.textContent = `${resolved}${address ? `Inserted into ${shortAddress(address)}.` : "Inserted."}`;
    } catch (e) {
      this.note.textContent = `The formula could not be written (${(e as Error).message}).`;
    } finally {
      this.insertButton.disabled = false;
    }
  }

  /** The selected cell: the Insert button names it, and an MDQ formula in it opens the builder on
   *  its function and arguments. A cell without one leaves the fields as they are (to be inserted
   *  there). */
  showSelection(selection: Selection | undefined): void {
    this.target(selection?.address);
    const call = selection && readFormula(selection.formula);
    const fn = call && this.catalogue.functions.find((f) => f.name === call.name);
    // What the note said was about the cell before: a cell without an MDQ call leaves the fields
    // as they are, to be inserted there.
    this.note.textContent = "";
    if (!selection || !call || !fn) return;
    const values = fieldsOf(fn, call);
    if (this.search.value && !`${fn.name} ${fn.summary}`.toLowerCase().includes(this.search.value.toLowerCase())) {
      this.search.value = "";
      this.filter("");
    }
    this.choose(fn, values);
    this.note.textContent = `${shortAddress(selection.address)} holds ${fn.name}: its arguments are in the fields.${
      values.problem ? ` Not all: ${values.problem}.` : ""
    }`;
  }
}
