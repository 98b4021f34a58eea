// The command's answer cache, when asked for (--cache-dir or MDQ_CACHE_DIR): one file per request
// in a folder, so that runs close together share answers and a run whose refresh fails can answer
// with the last good one (stale-if-error, shared/run/cache-entry.ts), with a warning on stderr. Off by
// default: a plain run always asks the service. A file is named by a hash of the core's cache key
// (itself holding only a hash of the API key) and holds its expiry, then the entry. Any failure to
// read or write is a miss: the cache is never the reason a command fails.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hash53, type TextCache } from "../../shared";

export class FileCache implements TextCache {
  constructor(
    private readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {}

  private file(key: string): string {
    return join(this.dir, `${hash53(key)}${hash53(key.split("").reverse().join(""))}.mdq`);
  }

  get(key: string): string | undefined {
    try {
      const text = readFileSync(this.file(key), "utf8");
      const newline = text.indexOf("\n");
      return Number(text.slice(0, newline)) > this.now() ? text.slice(newline + 1) : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: string, ttlSeconds: number): void {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const file = this.file(key);
      // Written aside, then renamed: a run reading at the same time never sees half an answer.
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, `${this.now() + ttlSeconds * 1000}\n${value}`, { mode: 0o600 });
      renameSync(temp, file);
    } catch {
      // A read-only or full disk costs a fetch next time, nothing more.
    }
  }
}
