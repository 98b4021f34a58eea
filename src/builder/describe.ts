// The catalogue's rows → the builder's plain description of them (host.ts). The rows come from
// wherever the host has them: the playground's own bundle, or in Excel's task pane the rows
// functions.js published (without their prose: scripts/strip-docs.mjs), the words from
// functions.json. Only types are imported from the core, so the pane's builder script bundles no
// core module (the runtime page loads each module once: test/excel/bundle.test.ts).
import type { ArgRule, CellValue, FunctionSpec } from "../../shared";
import type { BuilderArg, BuilderCatalogue, BuilderFunction, SearchMarket, ServiceList } from "./host";

/** The words the rows themselves may not carry in this host. */
export interface CatalogueWords {
  groupTitles: Readonly<Record<string, string>>;
  /** The options every function takes (headers, fields, explain...). */
  displayOptions: readonly ArgRule[];
  summary(fn: FunctionSpec): string;
  output(fn: FunctionSpec): string;
  /** An argument's help line; `option`: it is given in the options argument. */
  help(fn: FunctionSpec, arg: ArgRule, option: boolean): string;
  example(fn: FunctionSpec): readonly CellValue[];
}

const MARKET: Readonly<Record<string, SearchMarket>> = { idx: "IDX", sgx: "SGX", klse: "KLSE", mining: "MINING" };

/** Arguments that name one company (or a list of them): a company picker searches as they are typed. */
const COMPANY_ARGS = new Set(["ticker", "tickers", "symbol", "symbols", "key", "company"]);
/** Those of them that take a comma list of companies. */
const SEVERAL = new Set(["tickers", "symbols"]);

/** The service's lists behind arguments named for them, by the function's market: an SGX
 *  function's `sector` is an SGX sector, an IDX one's a sector of the sub-sector list. */
function serviceList(group: string, name: string): ServiceList | undefined {
  const market = group === "sgx" || group === "klse" ? group : "idx";
  switch (name) {
    case "sub_sector":
      return market === "sgx" ? { kind: "sgx_subsectors", column: "subsector" } : { kind: "subsectors", column: "subsector" };
    case "sector":
      if (market === "sgx") return { kind: "sgx_sectors", column: "sector" };
      if (market === "klse" || group === "general") return { kind: "klse_sectors", column: "sector" };
      return { kind: "subsectors", column: "sector" };
    case "industry":
      return { kind: "industries", column: "industry" };
    case "sub_industry":
      return { kind: "subindustries", column: "sub_industry" };
    case "tags":
      return market === "sgx" ? { kind: "sgx_tags", column: "tag" } : { kind: "tags", column: "tag" };
    default:
      return undefined;
  }
}

/** Shaped like cell addresses: an argument whose rule takes one of these takes codes of that shape. */
const ADDRESS_SHAPED = ["D05", "U11", "A1"];

function argOf(fn: FunctionSpec, arg: ArgRule, words: CatalogueWords, option: boolean): BuilderArg {
  const kind = arg.kind;
  const choices = kind.choices ?? (kind.type === "boolean" ? ["TRUE", "FALSE"] : undefined);
  const list = choices ? undefined : serviceList(fn.group, arg.name);
  const company = !choices && COMPANY_ARGS.has(arg.name) ? (MARKET[fn.group] ?? "ANY") : undefined;
  return {
    name: arg.name,
    help: words.help(fn, arg, option),
    required: arg.required === true,
    expected: kind.expected,
    ...(choices ? { choices } : {}),
    ...(kind.suggestions ? { suggestions: kind.suggestions } : {}),
    ...(list ? { list } : {}),
    ...(company ? { company } : {}),
    ...(company && SEVERAL.has(arg.name) ? { several: true } : {}),
    codes: kind.type !== "date" && ADDRESS_SHAPED.some((text) => kind.schema.safeParse(text).success),
  };
}

const asText = (v: CellValue | undefined): string =>
  v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);

export function describeFunction(fn: FunctionSpec, words: CatalogueWords): BuilderFunction {
  return {
    name: fn.name,
    group: fn.group,
    summary: words.summary(fn),
    output: words.output(fn),
    args: fn.args.map((a) => argOf(fn, a, words, false)),
    options: [...fn.options, ...words.displayOptions].map((o) => argOf(fn, o, words, true)),
    example: words.example(fn).map(asText),
    ...(fn.identifiers && { identifiers: fn.identifiers }),
  };
}

/** The whole catalogue, its markets in the order of `groupTitles`. */
export function describeCatalogue(rows: readonly FunctionSpec[], words: CatalogueWords): BuilderCatalogue {
  return {
    groups: Object.entries(words.groupTitles).map(([id, title]) => ({ id, title })),
    functions: rows.map((fn) => describeFunction(fn, words)),
  };
}
