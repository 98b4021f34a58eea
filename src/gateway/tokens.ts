// Per-person tokens: random, shown once, stored only as SHA-256 hashes. The embedded mode keeps
// them in a file (read again whenever it changes, so a revocation holds at once); with Redis they
// live there, shared by every instance (redis-state.ts).
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";

export interface TokenInfo {
  name: string;
  /** ISO time it was made. */
  created: string;
}

export interface TokenRecord extends TokenInfo {
  hash: string;
}

/** Where tokens are kept: the file of the embedded mode, or Redis. */
export interface TokenStore {
  add(name: string): Promise<string>;
  list(): Promise<TokenInfo[]>;
  revoke(name: string): Promise<boolean>;
}

/** Tokens start with this, so one pasted where a provider key belongs (or found in a log) is recognisable. */
export const TOKEN_PREFIX = "mdqg_";

export const newToken = () => TOKEN_PREFIX + randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token.trim(), "utf8").digest("hex");

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/** A person's or a machine's name: letters, digits and . _ @ -, at most 64 characters. */
export function checkTokenName(name: string | undefined): string {
  if (!name || !NAME.test(name)) {
    throw new Error(
      `a token name is 1 to 64 letters, digits, dots, underscores, @ or dashes, starting with a letter or digit (got ${JSON.stringify(name ?? "")})`,
    );
  }
  return name;
}

/** The file of the embedded mode: a JSON list of {name, hash, created}, written whole and renamed
 *  into place (never half written), readable by its owner only. */
export class TokenFile implements TokenStore {
  private seen = "";
  private byHash = new Map<string, string>();

  constructor(readonly path: string) {}

  private read(): TokenRecord[] {
    try {
      const parsed = JSON.parse(readFileSync(this.path, "utf8")) as { tokens?: TokenRecord[] };
      return Array.isArray(parsed.tokens) ? parsed.tokens : [];
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new Error(`the token file ${this.path} cannot be read: ${(e as Error).message}`);
    }
  }

  private write(tokens: TokenRecord[]): void {
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }

  async add(name: string): Promise<string> {
    checkTokenName(name);
    const tokens = this.read();
    if (tokens.some((t) => t.name === name)) throw new Error(`a token named ${name} exists: revoke it first to make a new one`);
    const token = newToken();
    this.write([...tokens, { name, hash: hashToken(token), created: new Date().toISOString() }]);
    return token;
  }

  async list(): Promise<TokenInfo[]> {
    return this.read().map(({ name, created }) => ({ name, created }));
  }

  async revoke(name: string): Promise<boolean> {
    const tokens = this.read();
    const kept = tokens.filter((t) => t.name !== name);
    if (kept.length === tokens.length) return false;
    this.write(kept);
    return true;
  }

  /** The name of the token with this hash; the file is read again when it has changed. */
  nameOf(hash: string): string | undefined {
    let stamp: string;
    try {
      const s = statSync(this.path);
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      stamp = "none";
    }
    if (stamp !== this.seen) {
      this.byHash = new Map(stamp === "none" ? [] : this.read().map((t) => [t.hash, t.name]));
      this.seen = stamp;
    }
    return this.byHash.get(hash);
  }
}
