// Per-person tokens: random, shown once, stored only as SHA-256 hashes. The embedded mode keeps
// them in a file (looked at once a second, read again when it changed); with Redis they
// live there, shared by every instance (redis-state.ts).
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { FileLock, type HeldLock, LockBusy, type LockOptions } from "./file-lock";

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

/** How often the gateway looks at the token file (one stat): a revocation in the file holds
 *  within this, and a cache hit costs no system call of its own. */
export const TOKEN_CHECK_MS = 1000;

/** The token file cannot be used (not valid JSON, unreadable): requests get a 503 that says so. */
export class TokenFileFault extends Error {}

/** The file of the embedded mode: a JSON list of {name, hash, created}. Every change reads, edits
 *  and writes it under a lock (file-lock.ts: a folder beside it naming its holder's process, taken
 *  over as soon as that process has ended), written whole to a temporary file and renamed into
 *  place (never half written), readable by its owner only. */
export class TokenFile implements TokenStore {
  readonly path: string;
  private seen = "";
  private checkedAt = Number.NEGATIVE_INFINITY;
  private byHash = new Map<string, string>();
  private problem: string | undefined;

  private readonly lock: FileLock;

  /** `lock` says where a waiting command says what it waits for (and, in tests, its clock). */
  constructor(
    path: string,
    private readonly now: () => number = Date.now,
    lock: LockOptions = {},
  ) {
    this.path = resolve(path);
    this.lock = new FileLock(this.path, "the token file's lock", lock);
  }

  private read(): TokenRecord[] {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return [];
      throw new TokenFileFault(
        `the token file ${this.path} cannot be read (${code ?? "error"}): give the gateway's user read and write access to it`,
      );
    }
    // The parser's message quotes the text: never repeated, the file holds the tokens' hashes.
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const tokens = (parsed as { tokens?: unknown } | undefined)?.tokens;
    if (!Array.isArray(tokens) || !tokens.every((t) => t && typeof t.name === "string" && typeof t.hash === "string")) {
      throw new TokenFileFault(
        `the token file ${this.path} is not valid JSON holding a token list (edited by hand?): restore it from a backup, or move it away and make the tokens again with mdq gateway token add`,
      );
    }
    return tokens as TokenRecord[];
  }

  private write(tokens: TokenRecord[]): void {
    const temporary = `${this.path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      renameSync(temporary, this.path);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  /** Read, change and write the file while no other process does. */
  private async change<T>(edit: (tokens: TokenRecord[]) => { tokens?: TokenRecord[]; result: T }): Promise<T> {
    let lock: HeldLock;
    try {
      lock = await this.lock.take();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(
        e instanceof LockBusy
          ? `the token file ${this.path} is locked by another mdq gateway token command (its lock ${this.lock.folder}, ${e.message}): try again; remove the lock only if no such command runs`
          : `the token file ${this.path} cannot be locked (${code ?? (e as Error).message}): check that its folder exists and is writable`,
      );
    }
    try {
      const { tokens, result } = edit(this.read());
      // Taken over (this machine stalled past the lock's age): write nothing rather than
      // overwrite the change of the command that took it.
      if (!lock.held())
        throw new Error(`the lock on the token file ${this.path} was lost (the machine stalled?): nothing was changed, try again`);
      if (tokens) this.write(tokens);
      return result;
    } finally {
      lock.release();
    }
  }

  add(name: string): Promise<string> {
    checkTokenName(name);
    return this.change((tokens) => {
      if (tokens.some((t) => t.name === name)) throw new Error(`a token named ${name} exists: revoke it first to make a new one`);
      const token = newToken();
      return { tokens: [...tokens, { name, hash: hashToken(token), created: new Date().toISOString() }], result: token };
    });
  }

  async list(): Promise<TokenInfo[]> {
    return this.read().map(({ name, created }) => ({ name, created }));
  }

  revoke(name: string): Promise<boolean> {
    return this.change((tokens) => {
      const kept = tokens.filter((t) => t.name !== name);
      return kept.length === tokens.length ? { result: false } : { tokens: kept, result: true };
    });
  }

  /** Why the file cannot be used, or undefined; looked at again at most once a TOKEN_CHECK_MS. */
  fault(): string | undefined {
    this.check();
    return this.problem;
  }

  /** The name of the token with this hash. Throws TokenFileFault while the file cannot be used. */
  nameOf(hash: string): string | undefined {
    this.check();
    if (this.problem) throw new TokenFileFault(this.problem);
    return this.byHash.get(hash);
  }

  private check(): void {
    const now = this.now();
    if (now - this.checkedAt < TOKEN_CHECK_MS) return;
    this.checkedAt = now;
    let stamp: string;
    try {
      const s = statSync(this.path);
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      stamp = code === "ENOENT" ? "none" : `unreadable ${code}`;
    }
    if (stamp === this.seen) return;
    this.seen = stamp;
    try {
      this.byHash = new Map(stamp === "none" ? [] : this.read().map((t) => [t.hash, t.name]));
      this.problem = undefined;
    } catch (e) {
      // No token is known while the file cannot be read: a revocation in it must not be undone.
      this.byHash = new Map();
      this.problem = (e as Error).message;
    }
  }
}
