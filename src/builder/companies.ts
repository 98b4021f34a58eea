// A company argument's text → the companies SEARCH finds for it, and the one symbol the builder
// writes for it: the company picker lists them as you type, and Preview and Insert resolve a text
// that was typed but never picked (the top match, said in the pane), so that a formula never holds
// a name such as "telkom" where the function takes a ticker.
import type { BuilderHost, RunAnswer, SearchMarket } from "./host";

export interface Company {
  symbol: string;
  name: string;
  market: string;
}

/** SEARCH's table (symbol, name, market, sector with its header) → companies, best match first. */
export function companiesOf(cells: readonly (readonly unknown[])[]): Company[] {
  const [header = [], ...rows] = cells;
  const at = (name: string) => header.indexOf(name);
  const [s, n, m] = [at("symbol"), at("name"), at("market")];
  if (s < 0) return [];
  return rows
    .filter((r) => typeof r[s] === "string" || typeof r[s] === "number")
    .map((r) => ({ symbol: String(r[s]), name: n < 0 ? "" : String(r[n] ?? ""), market: m < 0 ? "" : String(r[m] ?? "") }));
}

/** The companies SEARCH finds for `text` in `market`, and its answer (for what it cost). */
export async function searchCompanies(
  host: Pick<BuilderHost, "run">,
  text: string,
  market: SearchMarket | "ANY",
): Promise<{ companies: Company[]; answer: RunAnswer }> {
  const answer = await host.run("SEARCH", market === "ANY" ? [text] : [text, market], "company search");
  return { companies: answer.error ? [] : companiesOf(answer.cells), answer };
}

/** One part of a company argument resolved: the symbol to write, and the company it names; or
 *  why there is none (no company matches, or the search failed: its message). */
export type Resolution = { typed: string; company: Company } | { typed: string; problem: "none" | { failed: string } };

/** `typed` → the company SEARCH ranks first (the user's own symbol when it is one), or why none. */
export async function resolveCompany(host: Pick<BuilderHost, "run">, typed: string, market: SearchMarket | "ANY"): Promise<Resolution> {
  const { companies, answer } = await searchCompanies(host, typed, market);
  if (answer.error && !answer.empty) return { typed, problem: { failed: answer.error } };
  const exact = companies.find((c) => c.symbol.toUpperCase() === typed.toUpperCase());
  const company = exact ?? companies[0];
  return company ? { typed, company } : { typed, problem: "none" };
}

/** Why a part was not resolved, in words: `arg` names the argument. */
export const problemText = (arg: string, r: { typed: string; problem: "none" | { failed: string } }): string =>
  r.problem === "none"
    ? `no company matches "${r.typed}" (${arg}). Type part of a company's name or ticker and pick one from the list`
    : `the company search for "${r.typed}" (${arg}) failed: ${r.problem.failed.replace(/\.$/, "")}`;

/** The parts of a company argument: one, or a comma list where the argument takes several. */
export const partsOf = (text: string, several: boolean): string[] =>
  (several ? text.split(",") : [text]).map((p) => p.trim()).filter(Boolean);
