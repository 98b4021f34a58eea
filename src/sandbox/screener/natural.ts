// A small deterministic stand-in for the service's language model: it translates a few question
// shapes into the screener's own parameters, "top N <group> [by <metric>] [in YYYY]" and
// "<group> companies", where a group is a name or slug of the universe's taxonomy and a metric one
// of a short list. Anything else is the service's NON_TRANSLATABLE_QUERY (400) with a sentence
// saying what the sandbox understands.
import { ApiError } from "../errors";

/** A group of companies a question may name, e.g. names ["Banks", "banks"], where "sub_sector = 'Banks'". */
export interface Group {
  names: readonly string[];
  field: string;
  value: string;
}

export interface Metric {
  /** How questions say it ("market cap", "mcap"). The first is the one the help sentence shows. */
  words: readonly string[];
  field: string;
  /** Written `field[YYYY]`: the year asked for, else the vocabulary's latest full year. */
  yearly?: boolean;
  /** Lowest first (P/E), keeping positive values only; otherwise highest first. */
  ascending?: boolean;
  /** Keep rows whose value is above zero, not merely present (yields, P/E). */
  positive?: boolean;
}

export interface Vocabulary {
  /** In order of preference: the first group whose name matches wins. */
  groups: readonly Group[];
  metrics: readonly Metric[];
  /** The year a yearly metric reads when the question names none (needed only with yearly metrics). */
  latestYear?: number;
  /** For the help sentence: what the groups are ("a sector or sub-sector") and two questions. */
  help: { groups: string; examples: [string, string] };
}

/** What the service's translation carries besides the results. */
export interface Translation {
  where: string | null;
  order_by: string | null;
  limit: number | null;
  offset: null;
  include_query_values: boolean;
}

const MAX_QUESTION = 300;
const MAX_TOP = 200;
const LEAD = /^(?:(?:please )?(?:show|list|find|give|get)(?: me)? |what are )?(?:the |all )?/;
const YEAR = /\s+(?:in|for) (\d{4})$/;
const BY = /\s+by (.+)$/;
const TOP = /^top (\d{1,6})\s*/;
const NOUN = /\s*\b(?:companies|company|stocks|stock|firms|tickers)$/;
const MARKET = /^(?:idx|sgx|indonesian|singapore)\s+/;

const notTranslatable = (message: string) => new ApiError(400, message, "NON_TRANSLATABLE_QUERY");

/** Lower case words without punctuation, "and" or a plural s, so "Oil, Gas & Coal" and
 *  "oil-gas-coal" read the same. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && w !== "and")
    .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w));
}

/** The whole name, or its leading words abbreviated ("tech", "food", "oil gas"). */
function nameMatch(asked: string[], name: string): "exact" | "prefix" | undefined {
  const target = words(name);
  if (asked.join(" ") === target.join(" ")) return "exact";
  if (asked.length === 0 || asked.length > target.length) return undefined;
  return asked.every((w, i) => w.length >= 3 && target[i].startsWith(w)) ? "prefix" : undefined;
}

function findGroup(text: string, vocab: Vocabulary): Group | undefined {
  const asked = words(text);
  const match = (kind: "exact" | "prefix") => vocab.groups.find((g) => g.names.some((n) => nameMatch(asked, n) === kind));
  return match("exact") ?? match("prefix");
}

function findMetric(text: string, vocab: Vocabulary): Metric | undefined {
  const asked = words(text).join(" ");
  return vocab.metrics.find((m) => m.words.some((w) => words(w).join(" ") === asked));
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The help sentence of a refusal: the question shapes and this vocabulary's metrics. */
export function understands({ metrics, help }: Vocabulary): string {
  const yearly = metrics.some((m) => m.yearly) ? ", and 'in YYYY' for yearly figures" : "";
  return (
    `This sandbox translates only questions like '${help.examples[0]}' or '${help.examples[1]}': ${help.groups} name or slug, ` +
    `optionally 'top N' and 'by <metric>' (${metrics.map((m) => m.words[0]).join(", ")})${yearly}.`
  );
}

export function translate(question: string, vocab: Vocabulary, include: boolean): Translation {
  const fail = (why: string) => notTranslatable(`${why} ${understands(vocab)}`);
  if (question.length > MAX_QUESTION) throw fail(`The question is longer than ${MAX_QUESTION} characters.`);
  let text = question
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[?.!]+$/, "")
    .replace(LEAD, "");
  const year = YEAR.exec(text);
  if (year) text = text.slice(0, year.index);
  const by = BY.exec(text);
  if (by) text = text.slice(0, by.index);
  const top = TOP.exec(text);
  if (top) text = text.slice(top[0].length);
  const noun = NOUN.exec(text);
  if (noun) text = text.slice(0, noun.index);
  text = text.replace(MARKET, "").trim();
  if (!top && !noun && !by) throw fail(`Could not read '${question}' as a question about companies.`);
  const limit = top ? Number(top[1]) : null;
  if (limit !== null && (limit < 1 || limit > MAX_TOP)) throw fail(`'top N' takes a number from 1 to ${MAX_TOP}.`);
  const group = text === "" ? undefined : findGroup(text, vocab);
  if (text !== "" && !group) throw fail(`'${text}' is not ${vocab.help.groups} the sandbox knows.`);
  // "top 5 banks" ranks by the first metric (market cap), as a reader would expect.
  const metric = by ? findMetric(by[1], vocab) : top ? vocab.metrics[0] : undefined;
  if (by && !metric) throw fail(`The sandbox cannot rank by '${by[1]}'.`);
  if (year && !metric?.yearly) throw fail(`'${year[0].trim()}' applies only to yearly figures such as revenue or earnings.`);
  const conditions = group ? [`${group.field} = ${quote(group.value)}`] : [];
  let orderBy: string | null = null;
  if (metric) {
    const expr = metric.yearly ? `${metric.field}[${year ? year[1] : vocab.latestYear}]` : metric.field;
    conditions.push(metric.positive || metric.ascending ? `${expr} > 0` : `${expr} IS NOT NULL`);
    orderBy = metric.ascending ? expr : `-${expr}`;
  }
  return {
    where: conditions.length ? conditions.join(" and ") : null,
    order_by: orderBy,
    limit,
    offset: null,
    include_query_values: include,
  };
}
