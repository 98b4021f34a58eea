// A lock on a file between processes: a folder `<file>.lock` (mkdir is atomic everywhere, network
// folders too) holding owner.json, who holds it: process id, host name, since when. A waiter
// takes it over as soon as that process has ended, when it runs on this host (kill(pid, 0) tells;
// a process of another host cannot be seen from here); a lock of another host, or one that names
// no process (made by an older MDQ, or caught between its mkdir and its owner.json), is taken
// over once STALE_MS old, its holder refreshing its age while it lives. A waiter says once what
// it waits for, so that a command held up is never silent.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

interface Owner {
  pid: number;
  host: string;
  /** When it was taken, ms since the epoch. */
  since: number;
  /** This taking of the lock: a holder checks it is still its own before it writes. */
  id: string;
}

export interface LockOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Whether a process of this host runs. */
  alive?: (pid: number) => boolean;
  host?: string;
  /** Where the waiter says what it waits for (the command's stderr). */
  say?: (text: string) => void;
}

export interface HeldLock {
  /** Whether the lock is still this holder's (not taken over while the machine stalled). */
  held(): boolean;
  release(): void;
}

/** A lock that names no live process of this host is taken over when it is this old. */
export const STALE_MS = 10_000;
/** A waiter gives up after this long: a token command holds the lock for milliseconds. */
const GIVE_UP_MS = 30_000;
/** A wait this long is worth a word; shorter ones are commands run at the same moment. */
const SAY_AFTER_MS = 1000;

/** Whether process `pid` runs: ESRCH is none; EPERM is one of another user, running. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** The lock's holder, as far as this host can tell. */
interface Seen {
  owner?: Owner;
  /** Its age stamp: the folder's mtime, refreshed by a living holder. */
  touched: number;
}

const clockTime = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

export class LockBusy extends Error {}

export class FileLock {
  readonly folder: string;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly alive: (pid: number) => boolean;
  private readonly host: string;
  private readonly say: (text: string) => void;

  /** `label` names the lock in messages: "the token file's lock". */
  constructor(
    file: string,
    private readonly label: string,
    o: LockOptions = {},
  ) {
    this.folder = `${file}.lock`;
    this.now = o.now ?? Date.now;
    this.sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.alive = o.alive ?? processRuns;
    this.host = o.host ?? hostname();
    this.say = o.say ?? (() => undefined);
  }

  async take(): Promise<HeldLock> {
    const started = this.now();
    let said = false;
    for (let pause = 10; ; pause = Math.min(250, Math.ceil(pause * 1.5))) {
      const mine = this.make();
      if (mine) return mine;
      const seen = this.look();
      if (seen) {
        const gone = this.gone(seen);
        if (gone && this.takeOver()) {
          this.say(`${this.label} (${this.folder}) ${gone}: taken over`);
          continue;
        }
        const waited = this.now() - started;
        if (waited >= GIVE_UP_MS) throw new LockBusy(`held by ${this.holder(seen)}`);
        if (!said && (waited >= SAY_AFTER_MS || this.now() - (seen.owner?.since ?? seen.touched) >= SAY_AFTER_MS)) {
          said = true;
          this.say(`waiting for ${this.label} (${this.folder}), held by ${this.holder(seen)}: ${this.rule(seen)}`);
        }
      }
      await this.sleep(pause);
    }
  }

  /** The lock made for this process, or undefined when another holds it. */
  private make(): HeldLock | undefined {
    try {
      mkdirSync(this.folder);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") return undefined;
      throw e;
    }
    const owner: Owner = { pid: process.pid, host: this.host, since: this.now(), id: randomBytes(8).toString("hex") };
    try {
      writeFileSync(join(this.folder, "owner.json"), JSON.stringify(owner), { mode: 0o600 });
    } catch (e) {
      rmSync(this.folder, { recursive: true, force: true });
      throw e;
    }
    // A living holder keeps its lock young, for waiters that cannot see its process.
    const refresh = setInterval(() => {
      const t = new Date();
      try {
        utimesSync(this.folder, t, t);
      } catch {
        // Gone or taken over: held() says so before anything is written.
      }
    }, STALE_MS / 2);
    refresh.unref();
    const held = () => this.look()?.owner?.id === owner.id;
    return {
      held,
      release: () => {
        clearInterval(refresh);
        if (held()) rmSync(this.folder, { recursive: true, force: true });
      },
    };
  }

  private look(): Seen | undefined {
    let touched: number;
    try {
      touched = statSync(this.folder).mtimeMs;
    } catch {
      return undefined;
    }
    try {
      const owner = JSON.parse(readFileSync(join(this.folder, "owner.json"), "utf8")) as Owner;
      const valid = Number.isInteger(owner.pid) && owner.pid > 0 && typeof owner.host === "string" && typeof owner.id === "string";
      return { owner: valid ? owner : undefined, touched };
    } catch {
      return { touched };
    }
  }

  /** Why the holder is gone (it may be taken over), or undefined while it may be working. */
  private gone(seen: Seen): string | undefined {
    const { owner } = seen;
    if (owner?.host === this.host && !this.alive(owner.pid)) return `was left by process ${owner.pid}, which has ended`;
    if (this.now() - seen.touched > STALE_MS) return `was not refreshed for ${STALE_MS / 1000} s (its holder is gone)`;
    return undefined;
  }

  private holder(seen: Seen): string {
    const { owner } = seen;
    if (!owner) return `a command that does not name its process (an older MDQ?) since ${clockTime(seen.touched)}`;
    const where = owner.host === this.host ? "" : ` on host ${owner.host}`;
    return `process ${owner.pid}${where} since ${clockTime(owner.since)}`;
  }

  private rule(seen: Seen): string {
    if (seen.owner?.host === this.host) return "taken over as soon as that process ends";
    const why = seen.owner ? "a process of another host cannot be seen from here" : "its process is not known";
    return `taken over once it is not refreshed for ${STALE_MS / 1000} s (${why})`;
  }

  /** Removes the lock if it is still one whose holder is gone. One waiter at a time does this
   *  (a second folder is its lock), so that no waiter removes a lock another has just taken. */
  private takeOver(): boolean {
    const guard = `${this.folder}.takeover`;
    try {
      mkdirSync(guard);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      // A waiter that ended between these few lines leaves its guard: its age frees it.
      try {
        if (this.now() - statSync(guard).mtimeMs > STALE_MS) rmSync(guard, { recursive: true, force: true });
      } catch {
        // Removed meanwhile.
      }
      return false;
    }
    try {
      const seen = this.look();
      if (!seen || !this.gone(seen)) return false;
      rmSync(this.folder, { recursive: true, force: true });
      return true;
    } finally {
      rmSync(guard, { recursive: true, force: true });
    }
  }
}
