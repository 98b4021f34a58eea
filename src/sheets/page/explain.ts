// "Explain this cell" in the sidebar: the selected cell's MDQ formula run again with explain=true
// added to its options (as typing explain=true into the formula would), its two-column answer
// shown: the call as read, each request (path and query, never the key), when it was fetched, how
// long it stays fresh, whether it is a stale copy and why, the credits; for VALUE the quarters or
// report the value came from.
import { fieldText, optionsText, readFormula, readOptions, type Written } from "../../builder/formula";
import type { BuilderCatalogue, BuilderHost } from "../../builder/host";
import { renderTable } from "../../builder/table";

/** A written argument as the cell passes it; a reference cannot be read from the page. */
function cellOf(arg: Written): string | number | boolean | null {
  if (arg.kind === "value") return arg.value;
  if (arg.kind === "blank") return null;
  throw new Error(
    `MDQ: explain reads the values written in the formula, and ${fieldText(arg)} is ${arg.kind === "reference" ? "a cell reference" : "an expression"}: add explain=true to the formula's options instead.`,
  );
}

/** The call to run for the formula: its arguments, then its options with explain=true. */
export function explainCall(formula: string, catalogue: BuilderCatalogue): { name: string; args: Array<string | number | boolean | null> } {
  const call = readFormula(formula);
  const fn = call && catalogue.functions.find((f) => f.name === call.name);
  if (!call || !fn) throw new Error("MDQ: the selected cell holds no MDQ formula: select a cell with one, then Explain.");
  const args = fn.args.map((_, i) => (call.args[i] ? cellOf(call.args[i]) : null));
  const given = call.args[fn.args.length];
  const options = given ? cellOf(given) : null;
  const text = optionsText({ ...readOptions(options === null ? "" : String(options)), explain: "true" });
  return { name: fn.name, args: [...args, text] };
}

/** The section: a button, the cell it explained, and the table. */
export function mountExplain(root: HTMLElement, host: BuilderHost, catalogue: BuilderCatalogue): void {
  const button = root.appendChild(document.createElement("button"));
  button.type = "button";
  button.id = "explain-cell";
  button.textContent = "Explain the selected cell";
  const note = root.appendChild(document.createElement("p"));
  note.id = "explain-note";
  note.className = "note";
  note.setAttribute("role", "status");
  const table = root.appendChild(document.createElement("table"));
  table.id = "explain-table";
  button.addEventListener("click", async () => {
    table.replaceChildren();
    note.textContent = "Reading the selected cell…";
    const selected = await host.selected();
    if (!selected) {
      note.textContent = "MDQ: no cell is selected.";
      return;
    }
    let call: ReturnType<typeof explainCall>;
    try {
      call = explainCall(selected.formula, catalogue);
    } catch (e) {
      note.textContent = `${selected.address}: ${(e as Error).message}`;
      return;
    }
    note.textContent = `${selected.address}: ${selected.formula}`;
    const answer = await host.run(call.name, call.args);
    if (answer.error) {
      note.textContent = `${selected.address}: ${answer.error}`;
      return;
    }
    renderTable(table, answer.cells, false);
  });
}
