// The company picker of a ticker argument: type part of a name or ticker (2 characters or more)
// and pick from the companies SEARCH finds, best match first (Enter or Tab takes the highlighted
// one, else the first); the symbol goes into the field, marked as resolved. Run
// through the host like any call, so the host's cache keeps the service's company lists.
import { type Company, searchCompanies } from "./companies";
import { replaceChildren } from "./dom";
import type { BuilderHost, RunAnswer, SearchMarket } from "./host";
import { costText } from "./table";

/** Typing waits this long for the next key before asking: one search per pause, not per key. */
export const SEARCH_PAUSE_MS = 250;
/** The most companies listed. */
export const MAX_COMPANIES = 8;

/** The field holds a symbol the search resolved (picked, or the top match on Enter or Tab), not
 *  text as typed: the formula writes it as text, and Preview and Insert need not resolve it. */
export const isResolved = (input: HTMLInputElement | HTMLSelectElement): boolean =>
  input.value.trim() !== "" && input.dataset.resolved === input.value.trim();

/** The field set to a symbol the search resolved. */
export function setResolved(input: HTMLInputElement | HTMLSelectElement, symbol: string): void {
  input.value = symbol;
  input.dataset.resolved = symbol;
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
  /** The text the list shown was found for: a list of an older text is not picked from. */
  let listed = "";

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    active = -1;
  };
  const choose = (company: Company) => {
    setResolved(input, company.symbol);
    close();
    picked();
  };
  const highlight = (i: number) => {
    const items = [...list.querySelectorAll<HTMLLIElement>("li[role=option]")];
    active = items.length ? (i + items.length) % items.length : -1;
    for (const [k, li] of items.entries()) li.setAttribute("aria-selected", String(k === active));
  };
  const show = (companies: Company[], text: string, answer: RunAnswer) => {
    // The core's "no data" for a search is no company found: said as such.
    const error = answer.empty ? undefined : answer.error;
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
    listed = text;
  };
  /** The companies found for `text`, listed, unless the text has changed meanwhile; `top`: the
   *  first one is taken at once (Enter or Tab before the list was shown). */
  const search = async (text: string, top = false) => {
    const mine = ++asked;
    const { companies, answer } = await searchCompanies(host, text, market);
    if (mine !== asked || input.value.trim() !== text) return;
    show(companies, text, answer);
    if (top && companies[0]) choose(companies[0]);
    // Tab has moved on: a list saying that nothing matched is not left open under another field.
    else if (top && document.activeElement !== input) close();
  };
  /** Enter or Tab: the highlighted company, else the list's first; with no list shown yet (the
   *  pause not over, or the answer not in), the first the search finds for what is typed. */
  const takeTop = () => {
    const items = [...list.querySelectorAll<HTMLLIElement>("li[role=option]")];
    const li = items[active] ?? items[0];
    if (!list.hidden && li && listed === input.value.trim()) return choose({ symbol: li.dataset.symbol ?? "", name: "", market: "" });
    const text = input.value.trim();
    if (text.length < 2 || isResolved(input)) return;
    clearTimeout(timer);
    void search(text, true);
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
    if (e.key === "Tab" && !e.shiftKey) return takeTop();
    if (e.key === "Enter") {
      e.preventDefault();
      return takeTop();
    }
    if (list.hidden) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      highlight(active + (e.key === "ArrowDown" ? 1 : -1));
    } else if (e.key === "Escape") close();
  });
  input.addEventListener("blur", close);
}
