// The token table of a shared gateway, in this instance's memory: a request's token is looked up
// here (only a hash it does not know is asked of Redis, resilient.ts). It is loaded whole at start and on every (re)subscription to the token
// notifications, and kept current by those notifications in between (redis-state.ts publishes one
// inside the same script as each change). A revoked hash is remembered for good: a copy of the
// table read before the revocation (a reload that crossed the notification, a Redis restored from
// an old snapshot) cannot bring it back. Tokens are random, so a hash never comes back legitimately;
// a team revokes a handful, so the set stays small.

/** A change as published: `add <hash> <name>` or `revoke <hash>`. */
export type TokenChange = { kind: "add"; hash: string; name: string } | { kind: "revoke"; hash: string };

export function parseTokenChange(message: string): TokenChange | undefined {
  const [kind, hash, name] = message.split(" ");
  if (!/^[0-9a-f]{64}$/.test(hash ?? "")) return undefined;
  if (kind === "add" && name) return { kind, hash, name };
  if (kind === "revoke") return { kind, hash };
  return undefined;
}

export class TokenTable {
  private byHash = new Map<string, string>();
  private readonly revoked = new Set<string>();
  /** One list per reload on its way: the changes heard meanwhile, applied again over what it read. */
  private readonly journals = new Set<TokenChange[]>();
  private loadedOnce = false;

  /** True once a whole table has been loaded: before that no token can be told from a wrong one. */
  get loaded(): boolean {
    return this.loadedOnce;
  }

  nameOf(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  isRevoked(hash: string): boolean {
    return this.revoked.has(hash);
  }

  apply(change: TokenChange): void {
    for (const journal of this.journals) journal.push(change);
    this.change(change);
  }

  private change(change: TokenChange): void {
    if (change.kind === "revoke") {
      this.revoked.add(change.hash);
      this.byHash.delete(change.hash);
    } else if (!this.revoked.has(change.hash)) this.byHash.set(change.hash, change.name);
  }

  /** Loads the whole table from `read`; the changes heard meanwhile win over what it read. */
  async reload(read: () => Promise<Map<string, string>>): Promise<void> {
    const heard: TokenChange[] = [];
    this.journals.add(heard);
    try {
      const table = await read();
      for (const hash of this.revoked) table.delete(hash);
      this.byHash = table;
      this.loadedOnce = true;
      for (const change of heard) this.change(change);
    } finally {
      this.journals.delete(heard);
    }
  }
}
