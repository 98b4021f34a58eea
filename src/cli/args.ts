// The command's arguments, read by node's util.parseArgs: flags before, between or after the
// function's arguments, `--flag value` or `--flag=value`, `--` ending the flags. A flag it does
// not know is refused with the closest it does, never read as an argument (`--timout 5` is not
// a function argument "5").
import { parseArgs } from "node:util";
import { MdqError } from "../../shared";
import { didYouMean } from "./did-you-mean";

/** The flags that take a value, and the setting each fills. */
const VALUED = {
  "base-url": "baseUrl",
  "api-key": "apiKey",
  edition: "edition",
  format: "format",
  timeout: "timeout",
  "answer-mb": "answerMb",
  stale: "stale",
  "cache-dir": "cacheDir",
} as const;
type Valued = keyof typeof VALUED;
export type FlagName = (typeof VALUED)[Valued];

const SWITCHES = ["verbose", "help", "version", "csv-raw"] as const;

const OPTIONS = {
  ...Object.fromEntries(Object.keys(VALUED).map((name) => [name, { type: "string" as const }])),
  ...Object.fromEntries(SWITCHES.map((name) => [name, { type: "boolean" as const }])),
  h: { type: "boolean" as const },
};

export const FLAG_NAMES: readonly string[] = [...Object.keys(VALUED), ...SWITCHES].map((name) => `--${name}`);

export interface Parsed {
  flags: Partial<Record<FlagName, string>>;
  positional: string[];
  verbose: boolean;
  csvRaw: boolean;
  help: boolean;
  version: boolean;
}

// The command has no short flag but -h: an argument with one dash is an argument (VALUE's period
// -1, SCREENER's order -market_cap), kept behind a mark parseArgs cannot take for a flag.
const isArgument = (a: string) => a.startsWith("-") && !a.startsWith("--") && a !== "-h";
const HIDDEN = "\u0000";

export function parseCommandLine(argv: readonly string[]): Parsed {
  const args = argv.map((a) => (isArgument(a) ? HIDDEN + a : a));
  const { tokens } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const parsed: Parsed = { flags: {}, positional: [], verbose: false, csvRaw: false, help: false, version: false };
  for (const token of tokens) {
    if (token.kind === "positional") {
      parsed.positional.push(token.value.startsWith(HIDDEN) ? token.value.slice(1) : token.value);
    } else if (token.kind === "option") {
      const { name, rawName, value } = token;
      if (name in VALUED) {
        // `--base-url --api-key KEY`: the next flag is not this one's value.
        if (value === undefined || FLAG_NAMES.includes(value.split("=")[0])) throw new MdqError("bad_argument", `${rawName} needs a value`);
        parsed.flags[VALUED[name as Valued]] = value.startsWith(HIDDEN) ? value.slice(1) : value;
      } else if ((SWITCHES as readonly string[]).includes(name) || name === "h") {
        if (value !== undefined) throw new MdqError("bad_argument", `${rawName} takes no value (got "${value}")`);
        if (name === "verbose") parsed.verbose = true;
        else if (name === "version") parsed.version = true;
        else if (name === "csv-raw") parsed.csvRaw = true;
        else parsed.help = true;
      } else {
        throw new MdqError("bad_argument", `unknown flag ${rawName}${didYouMean(rawName, FLAG_NAMES)}; run mdq help for the flags`);
      }
    }
  }
  return parsed;
}
