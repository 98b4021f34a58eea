// The command's help, all of it from the catalogue.
import { argHelp, byGroup, editionValuesHelp, exampleCall, type FunctionSpec, GROUP_TITLES, optionsHelp, signature } from "../../shared";

export const USAGE = `mdq: market data from the Market Data Query Service, as a table.

Usage:
  mdq <FUNCTION> [ARG ...] [OPTIONS]   call a function; "" skips an argument, the options text comes last
  mdq functions                       list the functions
  mdq help <FUNCTION>                 a function's arguments and options
  mdq serve [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--edition spec|live]
                                      run the local sandbox service with demo data
  mdq gateway [--redis URL] [--upstream URL] ...
                                      run the team gateway: one provider key, per-person tokens,
                                      a shared cache (mdq gateway --help; docs/gateway.md)
  mdq gateway token add|list|revoke [NAME]
                                      manage the gateway's per-person tokens

Flags:
  --base-url URL     service address (or MDQ_BASE_URL; default: the local sandbox)
  --api-key KEY      API key (or MDQ_API_KEY; default: the sandbox's demo key, for the local
                     sandbox or any base URL on this computer)
  --edition EDITION  auto (default), live or spec (or MDQ_EDITION): live is the provider's
                     current API; auto means live for api.sectors.app, and elsewhere asks the
                     server once a day which edition it speaks; spec at a server whose address
                     speaks live reads the spec address it names (the sandbox's /spec), or
                     fails saying so
  --format FORMAT    table (default), csv or json (the exact 2-D array a spreadsheet gets)
  --csv-raw          with --format csv, write text cells beginning with = + - @ as they are (by
                     default they get a leading ' so a spreadsheet opening the file shows them
                     as text instead of running them as formulas)
  --timeout SECONDS  give up after this long, retries included (or MDQ_TIMEOUT; default 30)
  --answer-mb MB     the largest answer read, 1 to 200 (or MDQ_ANSWER_MB; default 25)
  --cache-dir DIR    keep answers in this folder (or MDQ_CACHE_DIR; default: no cache): runs
                     within a function's lifetime share them, and a run whose request fails
                     (429, 5xx, no connection, timeout) prints the last good answer, up to 6 h
                     past its lifetime, with a warning and its age on stderr. Entries are
                     files of mode 0600; a link, FIFO, device, another user's file, a file over
                     the answer limit + 64 KB, or an entry that fails its checks is not used
  --stale MODE       serve (default) or error (or MDQ_STALE): error fails instead of printing a
                     stale answer (the option stale=error does the same for one call)
  --verbose          say on stderr each request sent (its URL, status, time and credits), each
                     wait before a retry, and what the call cost: the requests sent and the
                     credits the provider bills for their answers (estimated in the spec edition)
  --help, -h         this text; with a function, its arguments and options
  --version          the version of mdq

On a terminal, stderr shows what the call is waiting for while it waits (cleared when it ends);
piped or redirected, stderr holds only notes, warnings and errors. Flags go anywhere; "--" ends
them. An argument may start with one dash (mdq VALUE BBCA revenue -1; an order -market_cap).

Example: mdq QUARTERLY BBCA 4
`;

export const functionList = () =>
  byGroup()
    .map(([group, fns]) => [`${GROUP_TITLES[group]}:`, ...fns.map((f) => `  ${f.name.padEnd(20)} ${f.summary}`)].join("\n"))
    .join("\n\n");

export function functionHelp(fn: FunctionSpec): string {
  return [
    signature(fn, "cli"),
    "",
    fn.summary,
    "",
    "Arguments:",
    ...fn.args.map((a) => `  ${a.name.padEnd(18)} ${argHelp(a)}${editionValuesHelp(fn, a)}`),
    ...(fn.options.length
      ? ["", "Options:", ...fn.options.map((o) => `  ${o.name.padEnd(18)} ${argHelp(o)}${editionValuesHelp(fn, o)}`)]
      : []),
    "",
    optionsHelp(fn),
    "",
    `Output: ${fn.output.replace(/`/g, "")}`,
    "",
    `Example: ${exampleCall(fn, "cli")}`,
  ].join("\n");
}
