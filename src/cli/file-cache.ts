// The command's answer cache, when asked for (--cache-dir or MDQ_CACHE_DIR): one file per request
// in a folder, so that runs close together share answers and a run whose refresh fails can answer
// with the last good one (stale-if-error, shared/run/cache-entry.ts), with a warning on stderr. Off by
// default: a plain run always asks the service. A file is named by a hash of the core's cache key
// (itself holding only a hash of the API key); cache-file-format.ts says what it holds.
//
// The folder is not trusted: anything else can be put there. A file is read only when it is a
// regular file (never a link, a FIFO that would hang the run, or a device that never ends), owned
// by this user, no larger than the bound, stored for this very request and intact; anything else
// is a miss (and a regular file of ours that fails the checks is removed). Any failure to read or
// write is a miss too: the cache is never the reason a command fails.
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hash53, type TextCache } from "../../shared";
import { decodeCacheFile, encodeCacheFile } from "./cache-file-format";

/** Room in a file beside the answer: its header line and the entry's own. */
const HEADER_BYTES = 64 * 1024;

/** The largest cache file read or written: the answer limit (--answer-mb) and room for headers.
 *  A larger file holds an answer this run would refuse from the service, if it is an answer at all. */
export const cacheFileLimit = (answerMb: number) => answerMb * 1024 * 1024 + HEADER_BYTES;

// Where the platform has them (not Windows): a link at the last step fails to open instead of
// being followed, and opening a FIFO returns at once instead of waiting for a writer.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export interface FileCacheOptions {
  maxBytes: number;
  now?: () => number;
  /** The user whose files are read: this process's (none where the platform has no owners). */
  owner?: number;
}

export class FileCache implements TextCache {
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly owner: number | undefined;

  constructor(
    private readonly dir: string,
    options: FileCacheOptions,
  ) {
    this.maxBytes = options.maxBytes;
    this.now = options.now ?? Date.now;
    this.owner = options.owner ?? process.getuid?.();
  }

  private file(key: string): string {
    return join(this.dir, `${hash53(key)}${hash53(key.split("").reverse().join(""))}.mdq`);
  }

  get(key: string): string | undefined {
    const file = this.file(key);
    try {
      const bytes = this.readOwnRegularFile(file);
      if (!bytes) return undefined;
      const entry = decodeCacheFile(bytes, key);
      if (!entry) {
        unlinkSync(file);
        return undefined;
      }
      return entry.expiresAt > this.now() ? entry.value : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: string, ttlSeconds: number): void {
    const bytes = encodeCacheFile(key, value, this.now() + ttlSeconds * 1000);
    if (bytes.length > this.maxBytes) return;
    // A fresh name, created here ("wx": never an existing file or a link planted under that
    // name), then renamed over the entry: a run reading at the same time never sees half an answer.
    const temp = `${this.file(key)}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(temp, bytes, { flag: "wx", mode: 0o600 });
      renameSync(temp, this.file(key));
    } catch {
      // A read-only or full disk costs a fetch next time, nothing more.
      try {
        unlinkSync(temp);
      } catch {}
    }
  }

  /** The file's bytes when it is a regular file of this user's within the bound; undefined when it
   *  is anything else (left alone) or too large (removed). */
  private readOwnRegularFile(file: string): Buffer | undefined {
    const seen = lstatSync(file);
    // Another user's file is not ours to read or remove: someone else could have put it there.
    if (!seen.isFile() || (this.owner !== undefined && seen.uid !== this.owner)) return undefined;
    if (seen.size > this.maxBytes) {
      unlinkSync(file);
      return undefined;
    }
    const fd = openSync(file, READ_FLAGS);
    try {
      const opened = fstatSync(fd);
      // Swapped between the look and the opening: not the file that was checked.
      if (!opened.isFile() || opened.ino !== seen.ino || opened.dev !== seen.dev) return undefined;
      // One byte more than the bound: a file that grew past it since is refused, not read on.
      const buffer = Buffer.alloc(Math.min(opened.size, this.maxBytes) + 1);
      let length = 0;
      while (length < buffer.length) {
        const read = readSync(fd, buffer, length, buffer.length - length, length);
        if (read === 0) return buffer.subarray(0, length);
        length += read;
      }
      return undefined;
    } finally {
      closeSync(fd);
    }
  }
}
