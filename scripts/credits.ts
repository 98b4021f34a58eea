// The provider's prices as facts: for every path of its published API description (an OpenAPI
// document kept outside this repository, at ../shared/reference/), what one request costs, read
// from the one sentence of each operation's description that states its price. Only the facts
// are written (path, unit, credits, the parameters that list what is billed), never the
// description's text. The sentences follow a few patterns; one that fits none stops the
// derivation, so that a new way of billing is read by a person before MDQ counts it.
// `npm run generate` writes shared/rows/credits.generated.ts with it when the document is there;
// test/scripts/credits.test.ts compares (skipped without the document).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Price } from "../shared";

/** Where the provider's document is kept, beside this repository. */
export const OPENAPI = join(__dirname, "..", "..", "shared", "reference", "sectors-v2-openapi.json");
export const CREDITS_FILE = "shared/rows/credits.generated.ts";

interface Parameter {
  name?: string;
  in?: string;
  schema?: { items?: { enum?: unknown[] } };
}

interface Operation {
  description?: string;
  parameters?: Parameter[];
}

/** The list parameter billed per item (`sections`, `classifications`, `periods`) and its count. */
function listed(op: Operation, path: string, word: string): { param: string; all: number } {
  const param = `${word}s`;
  const found = (op.parameters ?? []).find((p) => p.name === param && p.in === "query");
  const choices = found?.schema?.items?.enum;
  if (!Array.isArray(choices)) throw new Error(`${path}: billed per ${word}, but has no query parameter '${param}' listing its choices`);
  return { param, all: choices.length };
}

const singular = (word: string) => (word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.replace(/s$/, ""));

/** The price sentence of an operation as a rule; an unknown pattern is an error. */
export function ruleOf(path: string, op: Operation): Price {
  const sentence = (op.description ?? "")
    .split("\n")
    .map((line) => line.replace(/<\/?[A-Za-z]+>/g, "").trim())
    .find((line) => /^Costs \d+ API credit/.test(line));
  if (!sentence) throw new Error(`${path}: no price stated ("Costs N API credit...")`);
  let m = /^Costs (\d+) API credits?\.$/.exec(sentence);
  if (m) return { path, unit: "request", credits: Number(m[1]) };
  m = /^Costs (\d+) API credits? per page\./.exec(sentence);
  if (m) return { path, unit: "page", credits: Number(m[1]) };
  m = /^Costs (\d+) API credits? for structured queries\. Using the natural-language `\?(\w+)=` parameter costs (\d+) API credits?\.$/.exec(
    sentence,
  );
  if (m) return { path, unit: "request", credits: Number(m[1]), question: { param: m[2], credits: Number(m[3]) } };
  m = /^Costs (\d+) API credits? per (?:(\d+) )?(\w+) returned(, rounded up)?\.$/.exec(sentence);
  if (m) {
    const size = Number(m[2] ?? 1);
    if (size > 1 && !m[4]) throw new Error(`${path}: billed per ${size} records without saying how a part is counted`);
    return { path, unit: "record", credits: Number(m[1]), record: singular(m[3]), size };
  }
  m =
    /^Costs (\d+) API credits? per requested (section|classification)(?: × (period))?(?: combination)?\. Default behavior \([^)]*\) consumes (\d+) credits\.$/.exec(
      sentence,
    );
  if (m) {
    const unit = m[2] as "section" | "classification";
    const asked = [listed(op, path, unit), ...(m[3] ? [listed(op, path, m[3])] : [])];
    const credits = Number(m[1]);
    // The default stated must be what the choices add up to, or one of the two was misread.
    const whole = credits * asked.reduce((n, a) => n * a.all, 1);
    if (whole !== Number(m[4])) throw new Error(`${path}: the default is said to cost ${m[4]} credits, the choices make ${whole}`);
    return { path, unit, credits, asked };
  }
  throw new Error(`${path}: a price MDQ cannot read yet: ${JSON.stringify(sentence)}`);
}

/** Every GET path's price, sorted by path. */
export function pricesOf(document: unknown): Price[] {
  const paths = (document as { paths?: Record<string, { get?: Operation }> })?.paths;
  if (!paths || typeof paths !== "object") throw new Error("the API description has no paths");
  return Object.entries(paths)
    .filter(([, ops]) => ops?.get)
    .map(([path, ops]) => ruleOf(path, ops.get as Operation))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The generated module's text. */
export function creditsModule(document: unknown): string {
  const version = (document as { info?: { version?: unknown } })?.info?.version;
  return [
    "// GENERATED FILE, DO NOT EDIT: the provider's prices, derived by scripts/credits.ts (npm run generate) from its",
    `// published API description, version ${String(version ?? "unknown")}: per path, what one request costs (shared/rows/credits.ts).`,
    'import type { Price } from "./credit-rule";',
    "",
    "export const PUBLISHED_PRICES: readonly Price[] = [",
    ...pricesOf(document).map((p) => `  ${JSON.stringify(p)},`),
    "];",
    "",
  ].join("\n");
}

/** The module from the provider's document, or undefined when the document is not beside the repository. */
export function creditsFromReference(): string | undefined {
  return existsSync(OPENAPI) ? creditsModule(JSON.parse(readFileSync(OPENAPI, "utf8"))) : undefined;
}
