// The provider key out of what the upstream says back, in the forms a service or a proxy in front
// of it echoes a header in: as it is (the core's redactKey: any case, cut short), percent-encoded,
// JSON- or HTML-escaped (each character in any of its forms, mixed), and base64 or base64url (as
// in an echoed `Basic` header), at any alignment; and reversed, spaced out ("k e y", "k-e-y",
// `"k","e","y"`) and in hex ("6b6579", "6B:65:79"), these in any case, cut short, and reversed
// too. Spaced and hex runs count only from RUN characters of the key on (and only for a key that
// long): the core's rule against blanking ordinary text that shares a few characters with it.
import { REDACTED, RUN, redactKey } from "../../shared";

const escapeRegex = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/** Every way one character of the key is spelled in encoded text. */
function spellings(c: string): string[] {
  const cases = new Set([c, c.toLowerCase(), c.toUpperCase()]);
  const out = [escapeRegex(c)];
  for (const v of cases) {
    const code = v.charCodeAt(0);
    const hex2 = code.toString(16).padStart(2, "0");
    out.push(`%${hex2}`, `\\\\u${code.toString(16).padStart(4, "0")}`, `\\\\x${hex2}`, `&#${code};`, `&#x${hex2};`);
  }
  if (c === "/") out.push("\\\\/");
  return out;
}

/** The base64 text of the key's whole 3-byte groups at each of the 3 alignments, standard and
 *  url-safe: what any base64 text that holds the key holds, whatever surrounds it. */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, "utf8");
  const cores = new Set<string>();
  for (let pad = 0; pad < 3; pad++) {
    const first = Math.ceil(pad / 3);
    const last = Math.floor((pad + bytes.length) / 3);
    const text = Buffer.concat([Buffer.alloc(pad), bytes]).toString("base64");
    const core = text.slice(first * 4, last * 4);
    // Short cores would match ordinary text by chance.
    if (core.length >= 12) cores.add(core).add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return [...cores];
}

/** Single letters or digits, each pair parted by one to eight other characters (spaces, - . : ,
 *  quotes, a JSON list's `","-","`...): a key spelled out, at least RUN of its characters, and no
 *  letter of a word next to it. */
const SPACED = new RegExp(`(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}](?:[^\\p{L}\\p{N}]{1,8}[\\p{L}\\p{N}]){${RUN - 1},}(?![\\p{L}\\p{N}])`, "gu");

/** Hex digits, together or in groups parted by one or two other characters ("6b:65", "0x6b65"). */
const HEX = /(?<![0-9a-wyz])[0-9a-f]{2,}(?:[^0-9a-z]{1,2}[0-9a-f]{2,})*(?![0-9a-z])/gi;

const alphanumeric = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "");

export class KeyRedactor {
  private readonly encoded: RegExp;
  private readonly cores: string[];
  private readonly reversed: string;

  constructor(private readonly key: string) {
    this.encoded = new RegExp([...key].map((c) => `(?:${spellings(c).join("|")})`).join(""), "gi");
    this.cores = base64Cores(key);
    this.reversed = [...key].reverse().join("");
  }

  redact(text: string): string {
    let out = redactKey(redactKey(text, this.key), this.reversed).replace(this.encoded, REDACTED);
    for (const core of this.cores) out = out.split(core).join(REDACTED);
    if (this.key.length < RUN) return out;
    out = out.replace(SPACED, (run) => (this.holdsKey(alphanumeric(run), alphanumeric(this.key)) ? REDACTED : run));
    return out.replace(HEX, (run) => {
      const digits = run.replace(/[^0-9a-f]/gi, "");
      if (digits.length < 2 * RUN) return run;
      // A run may start at either digit of a byte (a prefix such as "a" glued to it): both readings.
      const readings = [digits, digits.slice(1)].map((d) => Buffer.from(d.slice(0, d.length & ~1), "hex").toString("utf8"));
      return readings.some((t) => this.holdsKey(t, this.key)) ? REDACTED : run;
    });
  }

  /** Whether `text` holds the key (or its reverse), whole or RUN characters of it, in any case. */
  private holdsKey(text: string, key: string): boolean {
    const reversed = [...key].reverse().join("");
    return redactKey(text, key) !== text || redactKey(text, reversed) !== text;
  }
}
