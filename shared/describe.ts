// Words about the catalogue: signatures, argument help and the function reference. The CLI help,
// docs/functions.md and the spreadsheet wrappers' help text all come from here.

import { CATALOGUE } from "./catalogue";
import { EDITIONS, type Edition } from "./editions";
import type { ArgSpec, FunctionSpec } from "./function-spec";
import { DISPLAY_OPTIONS } from "./options";

export type Style = "excel" | "sheets" | "cli";

const PREFIX: Record<Style, string> = { excel: "MDQ.", sheets: "MDQ_", cli: "" };

export function signature(fn: FunctionSpec, style: Style): string {
  const names = [...fn.args.map((a) => (a.required ? a.name : `[${a.name}]`)), "[options]"];
  return style === "cli" ? `mdq ${fn.name} ${names.join(" ")}` : `${PREFIX[style]}${fn.name}(${names.join(", ")})`;
}

/** One argument's help with what it accepts, e.g. "index code, e.g. lq45. One of: ftse, ...". */
export function argHelp(arg: ArgSpec): string {
  const allowed = arg.kind.choices ? ` One of: ${arg.kind.choices.join(", ")}.` : arg.kind.expected ? ` Must be ${arg.kind.expected}.` : "";
  return `${capital(arg.help)}${arg.required ? " (required)" : ""}.${allowed}`;
}

export function optionsHelp(fn: FunctionSpec): string {
  const names = [...fn.options, ...DISPLAY_OPTIONS].map((o) => o.name).join(", ");
  return `Options as "name=value; name=value" or a two-column range: ${names}.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const literal = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

/** The example call in a host's syntax, trailing blanks dropped. */
export function exampleCall(fn: FunctionSpec, style: Style): string {
  const args = [...fn.example];
  while (args.length && (args[args.length - 1] === "" || args[args.length - 1] == null)) args.pop();
  if (style === "cli")
    return `mdq ${fn.name} ${args.map((a) => (a === "" ? '""' : /[\s,;&]/.test(String(a)) ? `"${a}"` : String(a))).join(" ")}`.trim();
  return `=${PREFIX[style]}${fn.name}(${args.map(literal).join(", ")})`;
}

function argTable(args: ArgSpec[]): string[] {
  return ["| argument | accepts |", "|---|---|", ...args.map((a) => `| \`${a.name}\` | ${argHelp(a).replace(/\|/g, "\\|")} |`)];
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
    `Cached for ${lifetime(fn.ttl)}.`,
    "",
    ...argTable(fn.args),
    "",
  ];
  if (fn.options.length) lines.push("Options beyond the common ones:", "", ...argTable(fn.options), "");
  lines.push(`Output: ${fn.output}`, "");
  for (const e of EDITIONS) {
    const own = fn.editions[e]?.output;
    if (own) lines.push(`Output in the ${e} edition: ${own}`, "");
  }
  lines.push(`Example: \`${exampleCall(fn, "excel")}\` · \`${exampleCall(fn, "cli")}\``, "");
  return lines.join("\n");
}

/** The request an edition sends for a function, or that it does not offer it. */
function endpointText(fn: FunctionSpec, edition: Edition): string {
  const e = fn.editions[edition];
  if (!e) return `not offered${fn.instead ? `. ${fn.instead}` : "."}`;
  const params = Object.entries(e.params ?? {}).filter(([, to]) => to !== null);
  const renamed = params.length ? ` (${params.map(([from, to]) => `\`${from}\` sent as \`${to}\``).join(", ")})` : "";
  const cost = e.load ? " More than one request may be sent (see Output)." : "";
  return `\`GET ${e.path}\`${renamed}.${cost}`;
}

const lifetime = (s: number) => (s >= 3600 ? `${s / 3600} h` : `${s / 60} min`);

export const GENERATED_BANNER = "GENERATED FILE, DO NOT EDIT: made from the catalogue in shared/ (npm run generate)";

export function catalogueMarkdown(): string {
  return [
    `<!-- ${GENERATED_BANNER} -->`,
    "# MDQ function reference",
    "",
    "The same functions in every front end: Excel `=MDQ.NAME(...)`, Google Sheets `=MDQ_NAME(...)`, command line `mdq NAME ...`.",
    "A blank argument is not sent. The last argument of every function is `options`.",
    "",
    "| function | what it returns |",
    "|---|---|",
    ...CATALOGUE.map((f) => `| [${f.name}](#${f.name.toLowerCase()}) | ${f.summary} |`),
    "",
    "## Common options",
    "",
    ...argTable(DISPLAY_OPTIONS),
    "",
    'Every table is rectangular; a missing value is an empty cell; decimal text from the service becomes a number; nested fields get dotted names (`dimension.future`); lists of values are joined with ", ". An empty answer is an error (`#N/A` in Excel), never a blank that looks like success.',
    "",
    ...CATALOGUE.map(functionReference),
  ].join("\n");
}
