// The provider key out of what the upstream says back, in the forms a service or a proxy in front
// of it echoes a header in: as it is (the core's redactKey: any case, cut short), percent-encoded,
// JSON- or HTML-escaped (each character in any of its forms, mixed), and base64 or base64url (as
// in an echoed `Basic` header), at any alignment.
import { REDACTED, redactKey } from "../../shared";

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

export class KeyRedactor {
  private readonly encoded: RegExp;
  private readonly cores: string[];

  constructor(private readonly key: string) {
    this.encoded = new RegExp([...key].map((c) => `(?:${spellings(c).join("|")})`).join(""), "gi");
    this.cores = base64Cores(key);
  }

  redact(text: string): string {
    let out = redactKey(text, this.key).replace(this.encoded, REDACTED);
    for (const core of this.cores) out = out.split(core).join(REDACTED);
    return out;
  }
}
