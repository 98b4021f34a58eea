// The company picker of a ticker argument: type part of a name or ticker (2 characters or more)
// and pick from the companies SEARCH finds, best match first; the symbol goes into the field. Run
// through the host like any call, so the host's cache keeps the service's company lists.
import { replaceChildren } from "./dom";
import type { BuilderHost, RunAnswer, SearchMarket } from "./host";
import { costText } from "./table";

/** Typing waits this long for the next key before asking: one search per pause, not per key. */
export const SEARCH_PAUSE_MS = 250;
/** The most companies listed. */
export const MAX_COMPANIES = 8;

interface Company {
  symbol: string;
  name: string;
  market: string;
}

/** SEARCH's table (symbol, name, market, sector with its header) → companies. */
function companiesOf(cells: readonly (readonly unknown[])[]): Company[] {
  const [header = [], ...rows] = cells;
  const at = (name: string) => header.indexOf(name);
  const [s, n, m] = [at("symbol"), at("name"), at("market")];
  if (s < 0) return [];
  return rows
    .filter((r) => typeof r[s] === "string" || typeof r[s] === "number")
    .map((r) => ({ symbol: String(r[s]), name: n < 0 ? "" : String(r[n] ?? ""), market: m < 0 ? "" : String(r[m] ?? "") }));
}

/** Attach a picker to `input` (inside `box`); `picked` runs after a company's symbol is set. */
export function attachCompanyPicker(
  box: HTMLElement,
  input: HTMLInputElement,
  market: SearchMarket | "ANY",
  host: Pick<BuilderHost, "run">,
  picked: () => void,
): void {
  const list = box.appendChild(document.createElement("ul"));
  list.className = "companies";
  list.setAttribute("role", "listbox");
  list.id = `companies-${input.dataset.arg ?? input.dataset.option ?? "field"}`;
  list.hidden = true;
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", list.id);
  input.setAttribute("aria-expanded", "false");
  input.autocomplete = "off";
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Only the answer to the latest text is shown: an older search that answers late is dropped.
  let asked = 0;
  let active = -1;

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    active = -1;
  };
  const choose = (company: Company) => {
    input.value = company.symbol;
    close();
    picked();
  };
  const highlight = (i: number) => {
    const items = [...list.querySelectorAll<HTMLLIElement>("li[role=option]")];
    active = items.length ? (i + items.length) % items.length : -1;
    for (const [k, li] of items.entries()) li.setAttribute("aria-selected", String(k === active));
  };
  const show = (companies: Company[], text: string, answer: RunAnswer) => {
    const error = answer.error;
    replaceChildren(list);
    if (error || companies.length === 0) {
      const li = list.appendChild(document.createElement("li"));
      li.className = "none";
      li.textContent = error ?? `No company matches "${text}".`;
    }
    for (const c of companies.slice(0, MAX_COMPANIES)) {
      const li = list.appendChild(document.createElement("li"));
      li.setAttribute("role", "option");
      li.dataset.symbol = c.symbol;
      li.appendChild(document.createElement("b")).textContent = c.symbol;
      li.appendChild(document.createTextNode(` ${c.name}`));
      if (c.market) li.appendChild(document.createElement("small")).textContent = ` ${c.market}`;
      // mousedown, not click: it comes before the field's blur closes the list.
      li.addEventListener("mousedown", (e) => {
        e.preventDefault();
        choose(c);
      });
    }
    // The day's first search reads every market's company list (tens of requests in the spec
    // edition): what it cost is said once, where it was spent; the lists are then kept a day.
    if (!answer.error && answer.requests > 0) {
      const li = list.appendChild(document.createElement("li"));
      li.className = "spent";
      li.textContent = `Reading the company lists cost ${costText(answer)}; they are kept a day, so searching again is free.`;
    }
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    active = -1;
  };
  const search = async (text: string) => {
    const mine = ++asked;
    const answer = await host.run("SEARCH", market === "ANY" ? [text] : [text, market]);
    if (mine !== asked || input.value.trim() !== text) return;
    show(answer.error ? [] : companiesOf(answer.cells), text, answer);
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    const text = input.value.trim();
    if (text.length < 2) {
      asked++;
      return close();
    }
    timer = setTimeout(() => void search(text), SEARCH_PAUSE_MS);
  });
  input.addEventListener("keydown", (e) => {
    if (list.hidden) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      highlight(active + (e.key === "ArrowDown" ? 1 : -1));
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault();
      const li = list.querySelectorAll<HTMLLIElement>("li[role=option]")[active];
      const company = { symbol: li.dataset.symbol ?? "", name: "", market: "" };
      choose(company);
    } else if (e.key === "Escape") close();
  });
  input.addEventListener("blur", close);
}
