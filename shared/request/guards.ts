// Checks of a call that need its row and settings together, made before any request: a cell that
// gives the key away, `fields=` the table cannot have, a URL longer than the host sends.

import type { HostLimits } from "../answer/host-limits";
import type { KnownColumns } from "../answer/response";
import type { CellValue } from "../base/cells";
import { badArgument, MdqError } from "../base/errors";
import { RUN, redactKey } from "../base/redact";
import { year, years } from "../input/arg-kinds";
import type { Values } from "../input/arg-spec";
import type { FunctionSpec } from "../rows/function-spec";

/** A cell that holds the API key, or a piece of it that gives it away, is refused unshown: the key
 *  never goes into a URL (the service's logs) nor, quoted and cut, into a message. Only keys long
 *  enough to be told from ordinary text (the service's are 64 characters). */
export function refuseKeyInArguments(fn: FunctionSpec, args: readonly CellValue[], apiKey: string | undefined): void {
  if (!apiKey || apiKey.trim().length < RUN) return;
  // Every distinct request is checked: its arguments are read where they are, nothing copied.
  const holdsKey = (cell: unknown) => typeof cell === "string" && redactKey(cell, apiKey) !== cell;
  for (let i = 0; i < args.length; i++) {
    // A range's rows and cells, or the one cell.
    const arg = args[i];
    const found = Array.isArray(arg) ? arg.some((row) => (Array.isArray(row) ? row.some(holdsKey) : holdsKey(row))) : holdsKey(arg);
    if (!found) continue;
    throw new MdqError(
      "bad_argument",
      `'${fn.args[i]?.name ?? "options"}' holds your API key (or part of it): MDQ never sends the key in a request. Remove it from the cell.`,
    );
  }
}

/** `fields=` names the table cannot have, refused before the request where the row knows its columns. */
export function checkFields(fields: string[], known: KnownColumns | undefined): void {
  if (!known) return;
  for (const field of fields) {
    const f = field.toLowerCase();
    const fits =
      known.names.some((n) => n.toLowerCase() === f || n.toLowerCase().startsWith(`${f}.`)) ||
      known.open.some((o) => f.startsWith(`${o.toLowerCase()}.`));
    if (!fits) {
      throw badArgument("fields", `a comma list of column names (available: ${firstNames(known.names, 160)})`, field);
    }
  }
}

/** As many names as fit in `chars`, then "..." if some are left out: a message fits in a cell. */
function firstNames(names: string[], chars: number): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    if (length + name.length > chars) return `${shown.join(", ")}, ...`;
    shown.push(name);
    length += name.length + 2;
  }
  return shown.join(", ");
}

/** A URL past what the host sends, named by the argument that made it long. */
export function urlTooLong(length: number, fn: FunctionSpec, sent: Values, limits: HostLimits): MdqError {
  const longest = [...fn.args, ...fn.options]
    .filter((a) => (a.at ?? "query") !== "local" && sent[a.name] !== undefined)
    .sort((a, b) => (sent[b.name] as string).length - (sent[a.name] as string).length)[0];
  const cause = longest ? `'${longest.name}' makes the request` : "the request is";
  return new MdqError(
    "bad_argument",
    `${cause} ${length.toLocaleString("en-US")} characters long, more than ${limits.host} sends (${limits.urlChars.toLocaleString("en-US")}): split ${longest ? `'${longest.name}'` : "it"} over several calls.`,
  );
}

/** A year after the current one is refused before any request: the service has no data for it
 *  yet and its description bounds every year parameter by the current year. */
export function refuseFutureYears(fn: FunctionSpec, values: Values, now: number): void {
  const named = yearArgsOf(fn);
  if (named.length === 0) return;
  const thisYear = new Date(now).getUTCFullYear();
  for (const name of named) {
    const value = values[name];
    if (value === undefined) continue;
    const late = value.split(",").find((item) => Number(item) > thisYear);
    if (late !== undefined) throw badArgument(name, `a year up to ${thisYear}`, Number(late));
  }
}

/** Each row's arguments and options that take years, found at its first call: most take none. */
const yearArgs = new WeakMap<FunctionSpec, readonly string[]>();
function yearArgsOf(fn: FunctionSpec): readonly string[] {
  let named = yearArgs.get(fn);
  if (!named) {
    named = [...fn.args, ...fn.options].filter((a) => a.kind === year || a.kind === years).map((a) => a.name);
    yearArgs.set(fn, named);
  }
  return named;
}
