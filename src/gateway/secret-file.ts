// A secret read from a file (--provider-key-file, --redis-password-file), strictly: the file holds
// the secret alone, or the one `.env` line that names it (NAME=value, export NAME=value, the value
// quoted or not). Anything else is refused at start rather than sent upstream verbatim, where it
// would be refused as a wrong key for every user. A file that others may read or write is refused
// too, as ssh refuses such a private key: a key every local user can copy is no longer the team's
// alone. No message repeats anything of the file's text, only its name, its mode and the name of
// a NAME=value line.
import { readFileSync, statSync } from "node:fs";

export interface SecretFile {
  /** The flag that names the file, for messages: "--provider-key-file". */
  flag: string;
  /** What it holds, for messages: "the provider key". */
  what: string;
  /** The variable an `.env` line holding it names: "MDQ_PROVIDER_KEY". */
  variable: string;
}

/** A NAME=value line, with an optional `export `: the shell's and .env's way to name a value. */
const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/s;

/** A variable's name as environments spell it (OTHER, MDQ_API_KEY), shown in a message; other
 *  text before an "=" (lower or mixed case) may be the start of a key holding one: not shown. */
const VARIABLE = /^[A-Z_][A-Z0-9_]*$/;

/** Surrounding quotes a shell or an .env loader removes. */
const unquote = (value: string) => (/^(["']).*\1$/s.test(value) && value.length >= 2 ? value.slice(1, -1) : value);

/** The secret a file holds; throws, naming the file and what it must hold, when it is not that. */
export function readSecretFile(file: string, spec: SecretFile, platform: NodeJS.Platform = process.platform): string {
  const must = `it must hold ${spec.what} alone, on one line (or the one line ${spec.variable}=...)`;
  let text: string;
  try {
    // Windows has no group/other modes to check: its ACLs are another matter.
    if (platform !== "win32") refuseShared(file, statSync(file).mode, spec);
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!code) throw e;
    throw new Error(`${spec.what} file ${file} (${spec.flag}) cannot be read (${code}): check its path and that this user may read it`);
  }
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) throw new Error(`${spec.what} file ${file} (${spec.flag}) is empty: ${must}`);
  // A second line may be a second key or a comment: guessing which one is meant is how the wrong
  // one gets sent, so the file is refused instead.
  if (lines.length > 1) throw new Error(`${spec.what} file ${file} (${spec.flag}) has ${lines.length} lines: ${must}`);
  const assignment = ASSIGNMENT.exec(lines[0]);
  // A value of only "=" is no assignment: base64 text ending in padding ("abc=", "abc=="), unless
  // it names the variable ("MDQ_PROVIDER_KEY=", a line whose value was left out).
  if (!assignment || (assignment[1] !== spec.variable && /^=*$/.test(assignment[2]))) return lines[0];
  const [, name, value] = assignment;
  if (name !== spec.variable) {
    const line = VARIABLE.test(name) ? `a line ${name}=... (not shown)` : "a line NAME=value (not shown: it may be the key itself)";
    throw new Error(
      `${spec.what} file ${file} (${spec.flag}) holds ${line}, not ${spec.variable}=...: ${must}; a ${spec.what} that itself looks like NAME=value is written ${spec.variable}=<it>`,
    );
  }
  const secret = unquote(value.trim()).trim();
  if (!secret) throw new Error(`${spec.what} file ${file} (${spec.flag}) holds ${spec.variable}= with no value: ${must}`);
  return secret;
}

/** Refuses a file that the group or others may read or write (mode & 077), as ssh does a private key. */
function refuseShared(file: string, mode: number, spec: SecretFile): void {
  if ((mode & 0o077) === 0) return;
  const octal = `0${(mode & 0o777).toString(8)}`;
  throw new Error(
    `${spec.what} file ${file} (${spec.flag}) may be read or written by other users (mode ${octal}): run chmod 600 ${file} (only its owner, the gateway's user, may read it)`,
  );
}
