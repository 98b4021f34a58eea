// Words about the catalogue: signatures, argument help and the function reference. The CLI help,
// docs/functions.md and the spreadsheet wrappers' help text all come from here.

import {
  ANSWER_MB_RANGE,
  BUILD_CEILING,
  CLI_LIMITS,
  DEFAULT_ANSWER_MB,
  EXCEL_LIMITS,
  type HostLimits,
  SHEETS_LIMITS,
} from "../answer/host-limits";
import type { Aggregate, SeriesSpec } from "../answer/series";
import { EDITIONS, type Edition } from "../base/editions";
import type { ArgSpec } from "../input/arg-spec";
import { DISPLAY_OPTIONS } from "../input/options";
import { priceOf, ruleText } from "../rows/credits";
import { EXCHANGE_HOURS, type Exchange } from "../rows/exchange-hours";
import { REPORT_REACH_DAYS } from "../rows/freshness";
import { type Endpoint, type FunctionGroup, type FunctionSpec, TTL } from "../rows/function-spec";
import { CLOSED_AFTER_DAYS, MAX_EACH } from "../rows/loaders";
import { MAX_BATCH_KEYS } from "../run/batch";
import { STALE_MAX_SECONDS } from "../run/cache-entry";
import { CATALOGUE } from "./catalogue";
import { UNTIL_REPORTED } from "./functions/idx-universe";
import { QUERY_TWINS } from "./vocabularies";

export type Style = "excel" | "sheets" | "cli";

/** The markets the functions are grouped by, in the order lists show them. */
export const GROUP_TITLES: Record<FunctionGroup, string> = {
  idx: "Indonesia (IDX)",
  sgx: "Singapore (SGX)",
  klse: "Malaysia (KLSE)",
  mining: "Indonesian mining and commodities",
  general: "Lists and any path",
};

/** The catalogue grouped by market, each group in catalogue order. */
export const byGroup = (): Array<[FunctionGroup, FunctionSpec[]]> =>
  (Object.keys(GROUP_TITLES) as FunctionGroup[]).map((g) => [g, CATALOGUE.filter((f) => f.group === g)]);

const PREFIX: Record<Style, string> = { excel: "MDQ.", sheets: "MDQ_", cli: "" };

export function signature(fn: FunctionSpec, style: Style): string {
  const names = [...fn.args.map((a) => (a.required ? a.name : `[${a.name}]`)), "[options]"];
  return style === "cli" ? `mdq ${fn.name} ${names.join(" ")}` : `${PREFIX[style]}${fn.name}(${names.join(", ")})`;
}

/** One argument's help with what it accepts, e.g. "index code, e.g. lq45. One of: ftse, ...". */
export function argHelp(arg: ArgSpec, maxLength = Number.POSITIVE_INFINITY): string {
  const many = arg.batch ? ` Or a range or comma list of up to ${MAX_BATCH_KEYS}: one table, a block per key.` : "";
  const head = `${capital(arg.help)}${arg.required ? " (required)" : ""}.${many}`;
  const choices = arg.kind.choices;
  const allowed = choices ? ` One of: ${choices.join(", ")}.` : arg.kind.expected ? ` Must be ${arg.kind.expected}.` : "";
  // Where the text must be short (Excel's help), a long list of choices is left to the pick list.
  return head.length + allowed.length <= maxLength || !choices
    ? head + allowed
    : `${head} One of ${choices.length} choices (${arg.batch ? "listed in the function's help" : "the pick list"}).`;
}

export function optionsHelp(fn: FunctionSpec): string {
  const names = [...fn.options, ...DISPLAY_OPTIONS].map((o) => o.name).join(", ");
  return `Options as "name=value; name=value" or a two-column range: ${names}.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const literal = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

const n = (value: number) => value.toLocaleString("en-US");
const grid = (l: HostLimits) => `${n(l.rows)} rows, ${n(l.columns)} columns, ${n(l.cellChars)} characters in a cell`;

function lifetimesSection(): string[] {
  const exchanges = (Object.keys(EXCHANGE_HOURS) as Exchange[]).map((e) => {
    const h = EXCHANGE_HOURS[e];
    return `${e} ${clockTime(h.open)}-${clockTime(h.close)} ${h.zone}`;
  });
  const reporting = CATALOGUE.filter((f) => f.until?.kind === "report").map((f) => f.name);
  return [
    "## Lifetimes",
    "",
    `How long an answer stays fresh in a cache is its function's (each entry below says it), the same in every front end; past it the answer is fetched again, and kept ${lifetime(STALE_MAX_SECONDS)} more only to answer when the service fails (marked stale), or longer where a front end says so (Google Sheets keeps it for days, so that a tracker opened the next morning while the service is down shows its last tables: docs/sheets.md). Three rules:`,
    `- **fixed**: a number of hours or minutes from when the service answered (reference lists ${lifetime(TTL.reference)}, most financial data ${lifetime(TTL.financials)}, news and filings ${lifetime(TTL.live)});`,
    `- **the exchange's session** (prices and trading figures): while the exchange trades, ${lifetime(TTL.live)}; an answer fetched after its close (and ${lifetime(TTL_LIVE_SETTLE)} past it, for the closing figures to arrive) is fresh until its next open, weekdays only (${exchanges.join("; ")}; the close includes the closing auction). MDQ has no holiday calendar: an exchange holiday counts as a trading day (answers fresh for minutes in its usual hours: more requests that day, never a price older than said). A long window of a price history asked in the service's windows (the functions that take any window up to years): each window of closed days (ended ${CLOSED_AFTER_DAYS} days ago or more) never changes, so it stays fresh as long as the cache keeps it;`,
    `- **until the company files again** (${reporting.join(", ")}, and VALUE's quarterly fields, which read QUARTERLY's request), in the live edition: past its fixed ${lifetime(TTL.financials)} a statement stays fresh, with no request at all, until the quarter after its newest has ended (no company files a quarter before it ends: a statement of the third quarter fetched in November is fresh to 31 December), and from then on while the service's report-date feed (\`${UNTIL_REPORTED.kind === "report" ? UNTIL_REPORTED.feed.live : ""}\`, REPORTED_SINCE's path) does not show the company with a quarter newer than the newest the answer holds. MDQ asks the feed with \`since=\` the day after that quarter, so one request (one page of 30 companies, 1 credit) usually answers for every statement of that quarter the cache holds; it asks at most once an hour per \`since=\`, follows further pages when there are more, and counts their credits like any request. When the feed was not asked within the hour and cannot be (it fails, or the spec edition, which has no feed), or the quarter is more than ${REPORT_REACH_DAYS} days old, the fixed lifetime applies: never longer without a check. COMPANY_REPORT keeps its fixed lifetime: its sections (valuation, ownership, ...) change between reports. A team gateway keeps statements for their fixed lifetime only (docs/gateway.md).`,
  ];
}

function limitsSection(): string[] {
  return [
    "## Limits",
    "",
    "Checked before a request is sent or a table is built, so that what no host could show costs neither a request nor the memory to build it:",
    `- **answer size**: an answer past the answer limit (default ${DEFAULT_ANSWER_MB} MB, ${ANSWER_MB_RANGE.min} to ${ANSWER_MB_RANGE.max}: the Excel task pane, MDQ > Set answer limit in Sheets, \`--answer-mb\` / \`MDQ_ANSWER_MB\` on the command line) stops being read, counted as it arrives and after decompression, and is refused without a retry;`,
    `- **the grid**: a table larger than the host takes is refused before it is built (Excel: ${grid(EXCEL_LIMITS)}; Google Sheets: ${grid(SHEETS_LIMITS)}; the command line: ${grid(CLI_LIMITS)}; and in every host at most ${n(BUILD_CEILING.cells)} cells, Google Sheets' limit, which bounds the memory a table takes); a longer text cell is refused too, except in Google Sheets, where it is cut to ${n(SHEETS_LIMITS.cellChars)} characters ending in "… [cut by MDQ at ${n(SHEETS_LIMITS.cellChars)} characters]" so the rest of the table still shows;`,
    `- **the URL**: a request longer than the host sends (Google Sheets ${n(SHEETS_LIMITS.urlChars)} characters, Excel and the command line ${n(EXCEL_LIMITS.urlChars)}) is refused, naming the argument that made it long;`,
    "- **dates and columns**: INDEX and DAILY dates before the data's first day, and `fields=` names a function's columns cannot have (where its row knows them), are refused before any request;",
    "- **rate limits**: when the service answers 429 or 503 with `Retry-After`, every call to that service in the runtime (the Excel add-in, one command, one Sheets execution) waits until then, and one call goes first to see whether the service is back.",
  ];
}

/** The example call in a host's syntax, trailing blanks dropped. */
export function exampleCall(fn: FunctionSpec, style: Style): string {
  const args = [...fn.example];
  while (args.length && (args[args.length - 1] === "" || args[args.length - 1] == null)) args.pop();
  if (style === "cli")
    return `mdq ${fn.name} ${args.map((a) => (a === "" ? '""' : /[\s,;&]/.test(String(a)) ? `"${a}"` : String(a))).join(" ")}`.trim();
  return `=${PREFIX[style]}${fn.name}(${args.map(literal).join(", ")})`;
}

/** The values an edition takes where it takes fewer than the argument's kind (Endpoint.choices). */
export function editionValuesHelp(fn: FunctionSpec | undefined, arg: ArgSpec): string {
  if (!fn) return "";
  return (
    EDITIONS.map((e) => [e, fn.editions[e]?.choices?.[arg.name]] as const)
      .filter((c): c is readonly [Edition, readonly string[]] => c[1] !== undefined)
      // A value holding a comma ("Sand, Stone, Gravel" is one value) is quoted, or it reads as three.
      .map(([e, values]) => ` In the ${e} edition, one of: ${values.map((v) => (v.includes(",") ? `"${v}"` : v)).join(", ")}.`)
      .join("")
  );
}

function argTable(args: ArgSpec[], fn?: FunctionSpec): string[] {
  const accepts = (a: ArgSpec) => (argHelp(a) + editionValuesHelp(fn, a)).replace(/\|/g, "\\|");
  return ["| argument | accepts |", "|---|---|", ...args.map((a) => `| \`${a.name}\` | ${accepts(a)} |`)];
}

export function functionReference(fn: FunctionSpec): string {
  const lines = [
    `## ${fn.name}`,
    "",
    fn.summary,
    "",
    `\`${signature(fn, "excel")}\` · \`${signature(fn, "sheets")}\` · \`${signature(fn, "cli")}\``,
    "",
    ...EDITIONS.map((e) => `- ${e} edition: ${endpointText(fn, e)}`),
    "",
    creditsText(fn),
    "",
    lifetimeText(fn),
    "",
    ...argTable(fn.args, fn),
    "",
  ];
  if (fn.options.length) lines.push("Options beyond the common ones:", "", ...argTable(fn.options, fn), "");
  lines.push(`Output: ${fn.output}`, "");
  if (fn.outputTable) lines.push(...markdownTable(fn.outputTable), "");
  if (fn.series) lines.push(seriesText(fn.series), "");
  for (const e of EDITIONS) {
    const own = fn.editions[e]?.output;
    if (own) lines.push(`Output in the ${e} edition: ${own}`, "");
  }
  lines.push(`Example: \`${exampleCall(fn, "excel")}\` · \`${exampleCall(fn, "cli")}\``, "");
  return lines.join("\n");
}

/** "yes" or "-" in the overview table. */
const offered = (fn: FunctionSpec, edition: Edition) => (fn.editions[edition] ? "yes" : "-");

/** The request an edition sends for a function, or that it does not offer it. */
function endpointText(fn: FunctionSpec, edition: Edition): string {
  const e = fn.editions[edition];
  if (!e) return `not offered${fn.instead ? `. ${fn.instead}` : "."}`;
  const params = Object.entries(e.params ?? {}).filter(([, to]) => to !== null);
  const renamed = params.length ? ` (${params.map(([from, to]) => `\`${from}\` sent as \`${to}\``).join(", ")})` : "";
  const cost = e.load ? " More than one request may be sent (see Output)." : "";
  return `${e.routeCases ? routeCasesText(e) : `\`GET ${e.path}\``}${renamed}.${cost}`;
}

/** The path each case of a routed endpoint picks: "`GET /v2/subsectors/` (kind subsectors), ...". A
 *  case the edition refuses (a list it does not have) is left out. */
function routeCasesText(e: Endpoint): string {
  return (e.routeCases ?? [])
    .flatMap(({ when, values }) => {
      try {
        return [`\`GET ${e.route?.(values).path ?? e.path}\` (${when})`];
      } catch {
        return [];
      }
    })
    .join(", ");
}

/** A request's price in words. */
function priceText(e: Endpoint): string {
  const { rule, source } = priceOf(e.path);
  const more = e.load ? "; a call may send more than one request (What a call costs)" : "";
  // A path an argument picks (LIST's kinds, GET's path, VALUE's datasets) has the price of the path picked.
  if (e.route) return `those of the path its arguments pick${source === "usual" ? "" : ` (\`${e.path}\`: ${ruleText(rule)})`}${more}`;
  return `${ruleText(rule)}${more}`;
}

/** What the provider bills for a call: live, its published price; spec, MDQ's estimate. */
function creditsText(fn: FunctionSpec): string {
  const { live, spec } = fn.editions;
  const own = live && priceText(live);
  const guess = spec && priceText(spec);
  const unlisted = live && !live.route && priceOf(live.path).source === "usual";
  const liveText = own
    ? `Credits, live: ${own}${unlisted ? " (the provider lists no price for this path: MDQ counts its usual one)" : ""}.`
    : "";
  if (!guess) return liveText;
  const specText = `${guess === own ? "the same" : guess}, as MDQ's estimate.`;
  return liveText ? `${liveText} Spec edition: ${specText}` : `Credits, spec edition: ${specText}`;
}

const lifetime = (s: number) => (s >= 3600 ? `${s / 3600} h` : `${s / 60} min`);
/** Minutes after the close that still count as trading (rows/freshness.ts freshUntilOf). */
const TTL_LIVE_SETTLE = TTL.live;
const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** How long a function's answer stays fresh, in a sentence of its entry (rows/freshness.ts). */
function lifetimeText(fn: FunctionSpec): string {
  const fixed = `Cached for ${lifetime(fn.ttl)}`;
  const until = fn.until;
  if (until?.kind === "session") {
    const h = EXCHANGE_HOURS[until.exchange];
    return `${fixed} while the ${until.exchange} trades (${clockTime(h.open)}-${clockTime(h.close)} ${h.zone}, weekdays); fetched after its close, fresh until its next open.`;
  }
  if (until?.kind === "report") {
    const editions = EDITIONS.filter((e) => until.feed[e] && fn.editions[e]);
    return `${fixed}; in the ${editions.join(" and ")} edition, then fresh until the company files a newer quarter: with no request until the next quarter has ended, then as the report-date feed (\`${until.feed[editions[0]]}\`, asked at most once an hour, 1 credit a page) shows it.`;
  }
  return `${fixed}.`;
}

export const GENERATED_BANNER = "GENERATED FILE, DO NOT EDIT: made from the catalogue in shared/ (npm run generate)";

export function catalogueMarkdown(): string {
  return [
    `<!-- ${GENERATED_BANNER} -->`,
    "# MDQ function reference",
    "",
    "The same functions in every front end: Excel `=MDQ.NAME(...)`, Google Sheets `=MDQ_NAME(...)`, command line `mdq NAME ...`.",
    "A blank argument is not sent. The last argument of every function is `options`.",
    "",
    "| function | what it returns | spec edition | live edition |",
    "|---|---|---|---|",
    ...byGroup().flatMap(([group, fns]) => [
      `| **${GROUP_TITLES[group]}** | | | |`,
      ...fns.map((f) => `| [${f.name}](#${f.name.toLowerCase()}) | ${f.summary} | ${offered(f, "spec")} | ${offered(f, "live")} |`),
    ]),
    "",
    "## Editions of the service",
    "",
    "MDQ speaks two editions of the service. **spec** is the service as the spec describes it (`/v1/` paths, the January-2026 mining layout); the sandbox serves it under `/spec`. **live** is the provider's current API (`/v2/` only: list answers in a `{results, pagination}` envelope, mining companies addressed by slug, every `/v1/` path answering 410); the sandbox serves it at its root. The setting is `auto` by default: live when the base URL's host is `api.sectors.app`; anywhere else MDQ asks the server: the first call to a base URL sends `/v1/subsectors/`, which a live service answers 410 and a spec service answers, and the answer is kept a day beside the cached ones (a 410 met later moves the base URL to live at once). Set it in the Excel task pane, with MDQ > Set edition in Sheets, or with `--edition` / `MDQ_EDITION` on the command line. A function or argument an edition does not offer is refused before any request, with a message that names the setting. Set to `spec` at a server whose address speaks live (the sandbox's root, the provider), MDQ never reads a live answer as the spec edition's: a 410, a live-shaped answer, or a 404 or 400 to a spec `/v2/` path makes it ask the server its edition (once a day, kept like `auto`'s answer); a live server that names a spec address in its 410 (`spec_edition_path`: the sandbox names `/spec`) is read there once that address answers the question as spec, and one that names none (the provider) fails every call with one message: set the edition to live, or point the base URL at an address that serves the spec edition.",
    "",
    "**What a call costs.** Most calls are one request. In the live edition some are more, and MDQ never sends more than the call needs:",
    '- lists longer than one page of the service (`n`, `page_size`, `limit`, SCREENER\'s `limit`): one request per page, up to the count asked and never more rows than it (pages of 30, or 200 for the screeners; where the service sends fewer a page, each page starts after the rows the last one brought, so it takes more requests); COMPANIES, SGX_COMPANIES and LIST("index_members") follow every page of the screener, up to 1,000 rows (a longer list is said in a note);',
    `- FILINGS with several tickers: one request per ticker (the live service filters by one symbol), merged newest first; at most ${MAX_EACH} tickers per call;`,
    "- MINING_COMPANY, MINING_OWNERSHIP, MINING_FINANCIALS, MINING_PERFORMANCE and SALES_DESTINATION given a ticker, and MINING_LICENSES and MINING_SITES given `company=` a ticker: one lookup in the mining companies list (cached for 24 h like a reference list), then the company's own request; MINING_FINANCIALS and MINING_PERFORMANCE: one request per year (with `years` blank, the latest, then each other year the service lists);",
    "- SEARCH: every market's company list, each kept 24 h, so only a day's first search sends requests: in the live edition the IDX and SGX screeners (a request per 200 companies), the KLSE sectors and one request per sector, the mining companies (a request per 30); in the spec edition, which lists IDX and SGX companies only by sub-sector or sector, also the sub-sectors and sectors and one request per each (about 50 requests for the demo data, more for the provider's). `market` searches one market's lists only;",
    "- the provider bills some endpoints per section or per item (the company and KLSE reports per section, KLSE_TOP per classification, QUARTERLY per quarter): ask for the sections you need.",
    "",
    "**Credits.** What the provider bills is credits, not requests: each path has a price, which its published API description states and each function's entry below repeats (1 credit per quarter QUARTERLY returns, 1 per section of a report asked, 1 per classification of a ranking, 1 per page of a long list, 1 for most other requests; MDQ keeps them in `shared/rows/credits.generated.ts`, derived from that description by `npm run generate`). MDQ counts the credits of every answer it fetches: an answer from a cache costs none; an error answer costs none (400, 401/403, 429, 5xx, so neither does a try the service refused before one that came through), except a 404, which the provider bills 1 credit whatever the path's price (it ran the lookup of a company, code or id that is not there), and MDQ counts it so, also when the call ends in it. The Excel task pane (This session) shows the credits spent beside the requests made, Sheets' MDQ > Status beside the requests its formulas sent, `mdq --verbose` for one command; a team gateway counts them per token in `/metrics`. The spec edition publishes no prices: there MDQ counts a `/v1/` path at the price of the `/v2/` path of the same name, and a path the provider lists no price for at 1 credit a request, its usual price; both are estimates. Through a team gateway, a front end counts what its requests would cost on their own; what the team's key spent is the gateway's count.",
    "",
    `**The live paths, and how MDQ asks.** Every path of the provider's published API description is reached by a function below (its entry names the path), but for four that answer what another does with the key as a query parameter: ${QUERY_TWINS.map(([twin, used]) => `\`${twin}\` (MDQ uses \`${used}\`)`).join(", ")}. In the live edition, a list the description declares as an array (\`sections\`, \`classifications\`, \`periods\`) is sent as its name repeated per item (\`sections=overview&sections=valuation\`), as OpenAPI's default form style spells an array; the spec edition's lists stay comma lists. Where the description lists the values a parameter takes (the live mining filters' commodities and provinces, a year up to the current one), MDQ refuses any other before a request. \`test/shared/request/described-requests.test.ts\` checks every request MDQ plans in the live edition against that description with an OpenAPI validator.`,
    "",
    "Where the provider does not document a behaviour, MDQ assumes, and says so here: the screeners' `sub_sector`, `sub_industry` and `sector` fields hold display names (\"Oil, Gas & Coal\"), so a slug is matched with `like` and `%` in place of each dash (`oil%gas%coal`); COMPANIES sorted by `revenue` or `earnings` uses the most recent quarter's figure in the live edition (the screener's yearly fields need a year); the live KLSE dividend ranking's value field is `forward_dividend_yield`, as the provider's description has it (one of its published examples says `dividend_yield`: MDQ reads both); integer-like period keys of the live KLSE report come in ascending order, since JavaScript orders such keys; DAILY's data starts on INDEX's first day; SEARCH reads each company's sector in the live IDX and SGX screeners from the `query_values` of the field it orders them by (`sub_sector`, `sector`): where the service leaves it out, the sector is blank.",
    "",
    ...limitsSection(),
    "",
    ...lifetimesSection(),
    "",
    "## Common options",
    "",
    ...argTable(DISPLAY_OPTIONS),
    "",
    'Every table is rectangular; a missing value is an empty cell; decimal text from the service becomes a number; nested fields get dotted names (`dimension.future`); lists of values are joined with ", "; a list of records inside a record gives that record one row per item (`breakdown.date`), or, in a `field, value` table, columns by each one\'s year, date, name or place; no cell holds JSON text. Codes and identifiers (`symbol`, `id`, `index_code`, ...) are text, years plain numbers. An empty answer is an error (`#N/A` in Excel), never a blank that looks like success.',
    "",
    ...CATALOGUE.map(functionReference),
  ].join("\n");
}

const AGGREGATE_TEXT: Record<Aggregate, string> = {
  first: "the period's first value",
  last: "the period's last value",
  max: "the period's highest",
  min: "the period's lowest",
  sum: "the period's sum (blank if a day has none: never a partial sum)",
};

/** How a time series combines by period and lays out side by side, from its typed spec. */
function seriesText(spec: SeriesSpec): string {
  const fields = Object.entries(spec.fields).map(([f, a]) => `\`${f}\` ${AGGREGATE_TEXT[a]}`);
  return `By period (\`period=weekly|monthly|quarterly|yearly\`, ISO weeks from Monday): a row per period, dated by its last trading day in the data; ${fields.join("; ")}; other columns as on the last day. A period only partly inside the window is kept, with a note.${spec.key ? ` Several keys side by side (\`layout=wide\`): \`${spec.date}\` down, a column per key (one field) or per key and field; \`calendar=union\` (every date any key has) or \`intersection\`; \`fill=previous\` fills a key's missing date from its previous one and names it in a \`filled\` column.` : ""}`;
}

/** Rows as a Markdown table, the first its header. */
const markdownTable = (rows: ReadonlyArray<readonly string[]>): string[] => [
  `| ${rows[0].join(" | ")} |`,
  `|${rows[0].map(() => "---").join("|")}|`,
  ...rows.slice(1).map((r) => `| ${r.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
];
