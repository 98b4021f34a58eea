// The function builder: every function of the catalogue with its arguments' help, pick lists
// where an argument has fixed choices, and the options; it writes the formula and inserts it in
// the selected cell. Built from the catalogue rows, so a new function appears here by itself.

import {
  type ArgSpec,
  argHelp,
  byGroup,
  CATALOGUE,
  type CellValue,
  DISPLAY_OPTIONS,
  type FunctionSpec,
  GROUP_TITLES,
  signature,
} from "../../shared";

/** A typed value as it goes into a formula: numbers, TRUE/FALSE and cell references as they
 *  are, anything else as "text". A number with a leading zero (a KLSE code such as 0166) stays
 *  text, or the zero would be lost. Text shaped like a cell address is a reference unless the
 *  argument takes it as a value: SGX symbols such as D05 or U11 are addresses too, and
 *  =MDQ.SGX_REPORT(D05) would read cell D05. */
export function literal(value: string, arg?: ArgSpec): string {
  const v = value.trim();
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(v)) return v;
  if (/^(TRUE|FALSE)$/i.test(v)) return v.toUpperCase();
  const isValue = arg?.kind.schema.safeParse(v).success === true;
  if (/^\$?[A-Z]{1,2}\$?\d+(:\$?[A-Z]{1,2}\$?\d+)?$/.test(v) && !isValue) return v;
  return `"${value.replace(/"/g, '""')}"`;
}

/** The formula for a function, its arguments and options by name; trailing blanks dropped. */
export function formulaOf(fn: FunctionSpec, args: Record<string, string>, options: Record<string, string>): string {
  const optionText = Object.entries(options)
    .filter(([, v]) => v.trim() !== "")
    .map(([k, v]) => `${k}=${v.trim()}`)
    .join("; ");
  const parts = [
    ...fn.args.map((a) => {
      const v = (args[a.name] ?? "").trim();
      return v === "" ? "" : literal(v, a);
    }),
    optionText ? literal(optionText) : "",
  ];
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  return `=MDQ.${fn.name}(${parts.join(", ")})`;
}

const example = (v: CellValue): string =>
  v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);

export class Builder {
  private fn: FunctionSpec = CATALOGUE[0];
  private readonly picker: HTMLSelectElement;
  private readonly about: HTMLElement;
  private readonly fields: HTMLElement;
  private readonly preview: HTMLOutputElement;
  readonly insertButton: HTMLButtonElement;

  constructor(
    root: HTMLElement,
    private readonly onInsert: (formula: string) => void,
  ) {
    this.picker = root.appendChild(document.createElement("select"));
    this.picker.id = "builder-function";
    this.picker.setAttribute("aria-label", "Function");
    for (const [group, fns] of byGroup()) {
      const optgroup = this.picker.appendChild(document.createElement("optgroup"));
      optgroup.label = GROUP_TITLES[group];
      for (const fn of fns) optgroup.appendChild(new Option(`${fn.name}: ${fn.summary}`, fn.name));
    }
    this.picker.addEventListener("change", () => this.choose(CATALOGUE.find((f) => f.name === this.picker.value)!));
    this.about = root.appendChild(document.createElement("div"));
    this.about.className = "about";
    this.fields = root.appendChild(document.createElement("div"));
    this.fields.className = "fields";
    this.fields.addEventListener("input", () => this.update());
    this.preview = root.appendChild(document.createElement("output"));
    this.preview.id = "builder-formula";
    const buttons = root.appendChild(document.createElement("div"));
    buttons.className = "buttons";
    const exampleButton = buttons.appendChild(document.createElement("button"));
    exampleButton.textContent = "Fill in the example";
    exampleButton.addEventListener("click", () => this.fillExample());
    this.insertButton = buttons.appendChild(document.createElement("button"));
    this.insertButton.id = "builder-insert";
    this.insertButton.className = "primary";
    this.insertButton.addEventListener("click", () => this.onInsert(this.formula()));
    this.choose(this.fn);
  }

  /** The Insert button names the cell it will write to. */
  target(address: string): void {
    this.insertButton.textContent = `Insert into ${address}`;
  }

  formula(): string {
    const read = (kind: string) =>
      Object.fromEntries(
        [...this.fields.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[data-${kind}]`)].map((el) => [
          el.dataset[kind]!,
          el.value,
        ]),
      );
    return formulaOf(this.fn, read("arg"), read("option"));
  }

  private choose(fn: FunctionSpec): void {
    this.fn = fn;
    this.picker.value = fn.name;
    this.about.replaceChildren();
    const sig = this.about.appendChild(document.createElement("code"));
    sig.textContent = signature(fn, "excel");
    const link = this.about.appendChild(document.createElement("a"));
    link.href = `../excel/help.html#${fn.name.toLowerCase()}`;
    link.target = "_blank";
    link.textContent = "reference";
    this.about.appendChild(document.createElement("p")).textContent = fn.output;
    this.fields.replaceChildren(...fn.args.map((a) => this.field(a, "arg")));
    const more = this.fields.appendChild(document.createElement("details"));
    more.appendChild(document.createElement("summary")).textContent =
      `Options (${[...fn.options, ...DISPLAY_OPTIONS].map((o) => o.name).join(", ")})`;
    for (const option of [...fn.options, ...DISPLAY_OPTIONS]) more.appendChild(this.field(option, "option"));
    this.update();
  }

  private field(spec: ArgSpec, kind: "arg" | "option"): HTMLElement {
    const box = document.createElement("label");
    box.className = "field";
    const name = box.appendChild(document.createElement("span"));
    name.className = "name";
    name.textContent = spec.name + (spec.required ? " *" : "");
    const choices = spec.kind.choices ?? (spec.kind.type === "boolean" ? ["TRUE", "FALSE"] : undefined);
    let input: HTMLInputElement | HTMLSelectElement;
    if (choices) {
      input = document.createElement("select");
      input.add(new Option("(blank)", ""));
      for (const c of choices) input.add(new Option(c, c));
    } else {
      input = document.createElement("input");
      input.placeholder = spec.kind.expected || "any value";
      // Suggested values (VALUE's fields) as the browser's own list: any other text is still taken.
      if (spec.kind.suggestions) {
        const list = box.appendChild(document.createElement("datalist"));
        list.id = `suggest-${kind}-${spec.name}`;
        for (const s of spec.kind.suggestions) list.appendChild(new Option(s, s));
        input.setAttribute("list", list.id);
      }
    }
    input.dataset[kind] = spec.name;
    box.appendChild(input);
    box.appendChild(document.createElement("small")).textContent = argHelp(spec);
    return box;
  }

  private fillExample(): void {
    this.fn.args.forEach((a, i) => {
      const input = this.fields.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-arg="${a.name}"]`)!;
      input.value = example(this.fn.example[i]);
    });
    this.update();
  }

  private update(): void {
    this.preview.textContent = this.formula();
  }
}
