// The mdq command: one lookup per run, printed as a table, CSV or the JSON 2-D array.
import {
  CLI_LIMITS,
  callAsync,
  columnType,
  DEFAULT_ANSWER_MB,
  DISPLAY_OPTIONS,
  type Edition,
  type FetchLike,
  type FunctionSpec,
  fetchHost,
  findFunction,
  MdqError,
  PauseBoard,
  resolveEdition,
  staleNote,
  toMdqError,
} from "../../shared";
import { cacheFileLimit, FileCache } from "./file-cache";
import { asCsv, asJson, asTable } from "./format";
import { functionHelp, functionList, USAGE } from "./help";
import { resolveSettings } from "./settings";

interface Io {
  argv: string[];
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  fetch: FetchLike;
}

/** The flags that take a value; a Map, so no argument can name what Object.prototype holds. */
const FLAGS = new Map([
  ["--base-url", "baseUrl"],
  ["--api-key", "apiKey"],
  ["--edition", "edition"],
  ["--format", "format"],
  ["--timeout", "timeout"],
  ["--answer-mb", "answerMb"],
  ["--stale", "stale"],
  ["--cache-dir", "cacheDir"],
] as const);
type FlagName = "baseUrl" | "apiKey" | "edition" | "format" | "timeout" | "answerMb" | "stale" | "cacheDir";

function parseArgv(argv: string[]) {
  const flags: Partial<Record<FlagName, string>> = {};
  const positional: string[] = [];
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].startsWith("--") ? argv[i].split(/=(.*)/s) : [argv[i]];
    const flag = FLAGS.get(name as never);
    if (name === "--verbose") {
      if (inline !== undefined) throw new MdqError("bad_argument", `${name} takes no value`);
      verbose = true;
    } else if (flag) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new MdqError("bad_argument", `${name} needs a value`);
      flags[flag] = value;
    } else if (name === "--help" || name === "-h") {
      positional.unshift("help");
    } else {
      positional.push(argv[i]);
    }
  }
  return { flags, positional, verbose };
}

/** --verbose: what the call cost, on stderr beside the table: the requests sent and the credits the
 *  provider bills for their answers (MDQ's estimate in the spec edition, which publishes no prices). */
function costLine(result: { fromCache: boolean; attempts: number; credits: number }, edition: Edition): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const estimate = edition === "spec" && result.credits > 0 ? " (estimated: the spec edition publishes no prices)" : "";
  const spent = `${count(result.attempts, "request")}, ${count(result.credits, "credit")}${estimate}`;
  return result.fromCache ? `mdq: answered from the cache: ${spent}` : `mdq: ${spent}`;
}

/** The last argument is the options text when it sits in the options slot, or reads as known options. */
function splitOptions(fn: FunctionSpec, args: string[]): string[] {
  if (args.length > fn.args.length || args.length === 0) return args;
  const last = args[args.length - 1];
  const known = new Set([...fn.options, ...DISPLAY_OPTIONS].map((o) => o.name));
  const pairs = last
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  const looksLikeOptions = pairs.length > 0 && pairs.every((p) => known.has(p.split("=")[0].trim().toLowerCase()) && p.includes("="));
  if (!looksLikeOptions) return args;
  const positional = args.slice(0, -1);
  while (positional.length < fn.args.length) positional.push("");
  return [...positional, last];
}

/** --timeout / MDQ_TIMEOUT: seconds for the whole call, retries included (default 30). */
function deadlineOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!(seconds > 0 && seconds <= 600))
    throw new MdqError("bad_argument", `'--timeout' must be a number of seconds from 1 to 600 (got "${value}")`);
  return seconds * 1000;
}

export async function main(io: Io): Promise<number> {
  let usingSandbox = false;
  let apiKey: string | undefined;
  try {
    // The gateway has flags of its own (--help among them): all of its arguments are its.
    if (io.argv[0] === "gateway") {
      const { runGateway } = await import("../gateway/cli");
      return await runGateway(io.argv.slice(1), io);
    }
    const { flags, positional, verbose } = parseArgv(io.argv);
    const [command, ...rest] = positional;
    if (!command || command === "help") {
      const fn = rest[0] ? findFunction(rest[0]) : undefined;
      if (rest[0] && !fn) throw new MdqError("bad_argument", `there is no function "${rest[0]}"; run mdq functions`);
      io.out(fn ? functionHelp(fn) : USAGE);
      return 0;
    }
    if (command === "functions") {
      io.out(functionList());
      return 0;
    }
    if (command === "serve") {
      const { runServe } = await import("../sandbox/server");
      await runServe(io.argv.slice(io.argv.indexOf("serve") + 1));
      return 0;
    }
    const fn = findFunction(command);
    if (!fn) throw new MdqError("bad_argument", `there is no function "${command}"; run mdq functions`);
    const format = flags.format ?? "table";
    if (!["table", "csv", "json"].includes(format))
      throw new MdqError("bad_argument", `'--format' must be table, csv or json (got "${format}")`);
    const deadlineMs = deadlineOf(flags.timeout ?? io.env.MDQ_TIMEOUT);
    const settings = resolveSettings(flags, io.env);
    usingSandbox = settings.sandbox;
    apiKey = settings.apiKey;
    if (settings.sandbox)
      io.err(`mdq: no --base-url or MDQ_BASE_URL set: using the local sandbox at ${settings.baseUrl} with its demo key.`);
    // One back-off for the process: a call of many requests pauses them all when the service asks.
    const host = fetchHost(io.fetch, { policy: deadlineMs ? { deadlineMs } : undefined, limits: CLI_LIMITS, pauses: new PauseBoard() });
    const cacheDir = flags.cacheDir ?? io.env.MDQ_CACHE_DIR;
    if (cacheDir) host.cache = new FileCache(cacheDir, { maxBytes: cacheFileLimit(settings.answerMb ?? DEFAULT_ANSWER_MB) });
    const result = await callAsync(fn, splitOptions(fn, rest), settings, host);
    // A stale answer is printed (the last good one), never as if it were fresh.
    if (result.stale) io.err(`mdq: warning: ${staleNote(result.stale, Date.now())}. Pass --stale error to fail instead.`);
    // Where the answer is shorter than asked, said beside it, never silently.
    for (const note of result.notes ?? []) io.err(`mdq: note: ${note}`);
    const rows = result.cells;
    const isYear = (name: string) => columnType(name, fn.identifiers) === "year";
    io.out(format === "json" ? asJson(rows) : format === "csv" ? asCsv(rows) : asTable(rows, isYear));
    if (verbose) io.err(costLine(result, resolveEdition(settings.edition, settings.baseUrl)));
    return 0;
  } catch (e) {
    const error = toMdqError(e, apiKey);
    const sandboxHint = error.kind === "network" && usingSandbox ? " Is the sandbox running? Start it with: npm start" : "";
    io.err(`MDQ error: ${error.messageFor("cli").replace(/^MDQ: /, "")}${sandboxHint}`);
    // Nothing was sent: a bad argument, or something the edition does not offer.
    return error.kind === "bad_argument" || error.kind === "unsupported" ? 2 : 1;
  }
}
