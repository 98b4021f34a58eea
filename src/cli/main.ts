// The mdq command: one lookup per run, printed as a table, CSV or the JSON 2-D array.

import { version } from "../../package.json";
import {
  CATALOGUE,
  CLI_LIMITS,
  callAsync,
  counted,
  DEFAULT_ANSWER_MB,
  DISPLAY_OPTIONS,
  type FetchLike,
  type FunctionSpec,
  fetchHost,
  findFunction,
  MdqError,
  PauseBoard,
  staleNote,
  toMdqError,
} from "../../shared";
import { parseCommandLine } from "./args";
import { asCsv } from "./csv";
import { didYouMean } from "./did-you-mean";
import { cacheFileLimit, FileCache } from "./file-cache";
import { asJson, asTable } from "./format";
import { functionHelp, functionList, USAGE } from "./help";
import { reported, type Spent } from "./progress";
import { resolveSettings } from "./settings";

interface Io {
  argv: string[];
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Writes to stderr without a newline, only when it is a terminal (progress.ts). */
  progress?: (text: string) => void;
  fetch: FetchLike;
}

/** --verbose: what the call cost, on stderr beside the table: the requests sent and the credits the
 *  provider bills for their answers (MDQ's estimate in the spec edition, which publishes no prices). */
function costLine(result: { fromCache: boolean; attempts: number; credits: number }, estimated: boolean): string {
  const estimate = estimated && result.credits > 0 ? " (estimated: the spec edition publishes no prices)" : "";
  const spent = `${counted(result.attempts, "request")}, ${counted(result.credits, "credit")}${estimate}`;
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

/** The function named, or a refusal naming the closest ones. */
function knownFunction(name: string): FunctionSpec {
  const fn = findFunction(name);
  if (fn) return fn;
  const names = CATALOGUE.map((f) => f.name);
  throw new MdqError("bad_argument", `there is no function "${name}"${didYouMean(name, names)}; run mdq functions`);
}

export async function main(io: Io): Promise<number> {
  let usingSandbox = false;
  let apiKey: string | undefined;
  // With --verbose, what the requests sent cost: said also when the call ends in an error.
  let spent: (() => Spent) | undefined;
  try {
    // The gateway has flags of its own (--help among them): all of its arguments are its.
    if (io.argv[0] === "gateway") {
      const { runGateway } = await import("../gateway/cli");
      return await runGateway(io.argv.slice(1), io);
    }
    // So has the sandbox.
    if (io.argv[0] === "serve") {
      const { runServe } = await import("../sandbox/server");
      await runServe(io.argv.slice(1));
      return 0;
    }
    const { flags, positional, verbose, csvRaw, help, version: askedVersion } = parseCommandLine(io.argv);
    if (askedVersion) {
      io.out(`mdq ${version}`);
      return 0;
    }
    const [command, ...rest] = positional;
    // `mdq help QUARTERLY`, `mdq QUARTERLY --help`, `mdq --help`.
    const helpOf = command === "help" ? rest[0] : help ? command : undefined;
    if (!command || command === "help" || help) {
      const fn = helpOf ? knownFunction(helpOf) : undefined;
      io.out(fn ? functionHelp(fn) : USAGE);
      return 0;
    }
    if (command === "functions") {
      io.out(functionList());
      return 0;
    }
    const fn = knownFunction(command);
    const format = flags.format ?? "table";
    if (!["table", "csv", "json"].includes(format))
      throw new MdqError("bad_argument", `'--format' must be table, csv or json (got "${format}")`);
    if (csvRaw && format !== "csv") throw new MdqError("bad_argument", `'--csv-raw' goes with --format csv (the format is ${format})`);
    const deadlineMs = deadlineOf(flags.timeout ?? io.env.MDQ_TIMEOUT);
    const settings = resolveSettings(flags, io.env);
    usingSandbox = settings.sandbox;
    apiKey = settings.apiKey;
    if (settings.sandbox)
      io.err(`mdq: no --base-url or MDQ_BASE_URL set: using the local sandbox at ${settings.baseUrl} with its demo key.`);
    // One back-off for the process: a call of many requests pauses them all when the service asks.
    const fetching = fetchHost(io.fetch, { policy: deadlineMs ? { deadlineMs } : undefined, limits: CLI_LIMITS, pauses: new PauseBoard() });
    const watched = reported(fetching, io, verbose, apiKey);
    if (verbose) spent = watched.spent;
    const host = watched.host;
    const cacheDir = flags.cacheDir ?? io.env.MDQ_CACHE_DIR;
    if (cacheDir) host.cache = new FileCache(cacheDir, { maxBytes: cacheFileLimit(settings.answerMb ?? DEFAULT_ANSWER_MB) });
    const result = await callAsync(fn, splitOptions(fn, rest), settings, host).finally(watched.done);
    // A stale answer is printed (the last good one), never as if it were fresh.
    if (result.stale) io.err(`mdq: warning: ${staleNote(result.stale, Date.now())}. Pass --stale error to fail instead.`);
    // Where the answer is shorter than asked, said beside it, never silently.
    for (const note of result.notes ?? []) io.err(`mdq: note: ${note}`);
    const rows = result.cells;
    io.out(format === "json" ? asJson(rows) : format === "csv" ? asCsv(rows, { raw: csvRaw }) : asTable(rows, result.formats));
    if (verbose) io.err(costLine(result, result.edition === "spec"));
    return 0;
  } catch (e) {
    const error = toMdqError(e, apiKey);
    const sandboxHint = error.kind === "network" && usingSandbox ? " Is the sandbox running? Start it with: npm start" : "";
    io.err(`MDQ error: ${error.messageFor("cli").replace(/^MDQ: /, "")}${sandboxHint}`);
    // A request that ended in an error can be billed all the same (a 404).
    const sent = spent?.();
    if (sent) io.err(costLine({ fromCache: false, attempts: sent.requests, credits: sent.credits }, sent.estimated));
    // Nothing was sent: a bad argument, or something the edition does not offer.
    return error.kind === "bad_argument" || error.kind === "unsupported" ? 2 : 1;
  }
}
