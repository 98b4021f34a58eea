// The gateway's log, written in batches: a request only appends its line to a buffer; the buffer
// goes out in one write when it reaches a batch's size or a short while after its first line, and
// at a clean stop. Node writes to a file or a pipe synchronously, so one write per request was a
// system call on every request's path. The buffer is bounded: when the output does not keep up
// (or is gone: a closed pipe's EPIPE), lines are counted and dropped instead of holding memory or
// stopping the gateway, and the next batch says how many.

/** Where the lines go: the gateway's stdout, or any stream. */
export interface LogOutput {
  write(text: string, done: (error?: Error | null) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface BatchedLogOptions {
  /** A batch is written this long after its first line at the latest (default 200 ms). */
  flushMs?: number;
  /** A batch is written as soon as it holds this many characters (default 64 KiB). */
  batchChars?: number;
  /** Characters buffered or being written past which lines are dropped (default 8 MiB). */
  maxPendingChars?: number;
}

export class BatchedLog {
  private lines: string[] = [];
  private chars = 0;
  private writing = 0;
  private dropped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private broken: Error | undefined;
  private drained: (() => void)[] = [];
  private readonly flushMs: number;
  private readonly batchChars: number;
  private readonly maxPendingChars: number;

  constructor(
    private readonly output: LogOutput,
    o: BatchedLogOptions = {},
  ) {
    this.flushMs = o.flushMs ?? 200;
    this.batchChars = o.batchChars ?? 65_536;
    this.maxPendingChars = o.maxPendingChars ?? 8 * 1_048_576;
    // Without a listener a closed stdout's EPIPE would end the process: the gateway goes on
    // answering, without its log.
    output.on("error", (e) => this.fail(e));
  }

  /** Queues one line (without its newline); never waits and never throws. */
  readonly line = (text: string): void => {
    if (this.broken || this.chars + this.writing + text.length > this.maxPendingChars) {
      this.dropped++;
      return;
    }
    this.lines.push(text);
    this.chars += text.length + 1;
    if (this.chars >= this.batchChars) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(this.flush, this.flushMs);
      // A pending batch does not keep a stopping process alive: close() writes it.
      this.timer.unref?.();
    }
  };

  /** Writes what is buffered now. */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.broken || (this.lines.length === 0 && this.dropped === 0)) return;
    if (this.dropped) {
      this.lines.push(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "warn",
          message: `${this.dropped} log lines were dropped: the gateway's output (stdout) did not take them as fast as requests came; write it to a faster disk or a collector that keeps up`,
        }),
      );
      this.dropped = 0;
    }
    const text = `${this.lines.join("\n")}\n`;
    this.lines = [];
    this.chars = 0;
    this.writing += text.length;
    try {
      this.output.write(text, (e) => {
        this.writing -= text.length;
        if (e) this.fail(e);
        if (this.writing === 0) this.settle();
      });
    } catch (e) {
      this.writing -= text.length;
      this.fail(e as Error);
    }
  };

  /** Writes what is buffered and resolves once the output took every line (at once when it is gone). */
  close(): Promise<void> {
    this.flush();
    if (this.writing === 0 || this.broken) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private fail(e: Error): void {
    this.broken ??= e;
    this.lines = [];
    this.chars = 0;
    this.settle();
  }

  private settle(): void {
    for (const resolve of this.drained.splice(0)) resolve();
  }
}

/** One access-log line's facts: who (the token's name), what, the outcome; never a token or a key. */
export interface Access {
  token: string | null;
  method: string;
  path: string;
  status: number;
  cache?: string;
}

let stampedAt = Number.NaN;
let stamp = "";

/** The ISO time of `ms`, formatted once per millisecond: many requests share one. */
export function isoTime(ms: number): string {
  if (ms !== stampedAt) {
    stampedAt = ms;
    stamp = new Date(ms).toISOString();
  }
  return stamp;
}

/** The JSON line of one request, as JSON.stringify would write it, built without an object per
 *  request; the client's words (method, path) and the token's name are quoted by JSON.stringify. */
export function accessLine(a: Access, ms: number, at = Date.now()): string {
  const token = a.token === null ? "null" : JSON.stringify(a.token);
  const cache = a.cache === undefined ? "" : `,"cache":${JSON.stringify(a.cache)}`;
  return `{"time":"${isoTime(at)}","token":${token},"method":${JSON.stringify(a.method)},"path":${JSON.stringify(a.path)},"status":${a.status}${cache},"ms":${Math.round(ms * 100) / 100}}`;
}
