// The error taxonomy. Every failure a user can meet is one MdqError with a kind and a sentence
// that says what happened and what to do. Hosts map kinds to their own error codes in one place.
import { type FrontEnd, MARK_CHARACTERS, wordedFor } from "./advice";
import { redactKey } from "./redact";

export type ErrorKind =
  | "bad_argument" // an argument failed validation: no request was sent
  | "unsupported" // the edition of the service in use does not offer this: no request was sent
  | "missing_key" // no API key configured
  | "bad_request" // the service answered 400
  | "auth" // 401 / 403: key refused, plan or credits
  | "not_found" // 404
  | "gone" // 410: the path is retired
  | "rate_limited" // 429, retries exhausted
  | "server" // 5xx, retries exhausted
  | "network" // no connection, reset
  | "timeout" // no answer within the deadline
  | "malformed" // an answer MDQ cannot read (HTML, empty, truncated, wrong shape, nested too deep)
  | "too_large" // an answer past the byte limit, or a table past the host's grid: not retried
  | "host_limit" // the host's platform refused under a limit of its own (Google's daily URL fetches, ...): not retried
  | "no_data"; // the answer is empty

export interface ErrorExtra {
  status?: number;
  /** Seconds the service asked us to wait (429 Retry-After). */
  retryAfter?: number;
  /** On a 410: where the server says it serves the spec edition, a path under the base URL
   *  (base/editions.ts `specPathOf`). */
  specPath?: string;
  /** The edition an answer of the other edition's shape showed the server speaks. */
  speaks?: "spec" | "live";
}

/** What a cell, a terminal or a dialog shows before the sentence. */
export const MESSAGE_PREFIX = "MDQ: ";

export class MdqError extends Error {
  readonly kind: ErrorKind;
  /** The user's sentence, without the prefix: what happened and what to do. */
  readonly sentence: string;
  readonly status?: number;
  readonly retryAfter?: number;
  readonly specPath?: string;
  readonly speaks?: "spec" | "live";

  constructor(kind: ErrorKind, sentence: string, extra: ErrorExtra = {}) {
    // `message` is the sentence where no front end is named; a front end shows `messageFor` its
    // own; code that rewords uses `sentence`, which keeps the marks of advice.ts.
    super(MESSAGE_PREFIX + wordedFor(sentence));
    this.name = "MdqError";
    this.kind = kind;
    this.sentence = sentence;
    this.status = extra.status;
    this.retryAfter = extra.retryAfter;
    if (extra.specPath !== undefined) this.specPath = extra.specPath;
    if (extra.speaks !== undefined) this.speaks = extra.speaks;
  }

  /** The message as `frontEnd` shows it: its own words for where a setting is changed. */
  messageFor(frontEnd: FrontEnd): string {
    return MESSAGE_PREFIX + wordedFor(this.sentence, frontEnd);
  }

  /** The same error with a note in brackets before the sentence's closing full stop. */
  withNote(note: string): MdqError {
    return this.reworded(`${this.sentence.replace(/\.$/, "")} (${note}).`);
  }

  /** The same kind, status, wait and what it says of the server's edition, with another sentence. */
  reworded(sentence: string): MdqError {
    return new MdqError(this.kind, sentence, {
      status: this.status,
      retryAfter: this.retryAfter,
      specPath: this.specPath,
      speaks: this.speaks,
    });
  }
}

/** An MdqError, also one of another bundle on the same page (Excel's task pane and functions are
 *  two scripts, each with its own copy of the class). */
export const isMdqError = (e: unknown): e is MdqError =>
  e instanceof MdqError ||
  ((e as MdqError | undefined)?.name === "MdqError" &&
    typeof (e as MdqError).sentence === "string" &&
    typeof (e as MdqError).messageFor === "function");

/** Quote a user's value for a message: short, one line, never the API key. */
export function show(value: unknown): string {
  if (value === null || value === undefined) return "blank";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid date" : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return "a range";
  let text = typeof value === "string" ? JSON.stringify(value) : String(value);
  text = text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(MARK_CHARACTERS, "");
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

export const badArgument = (name: string, expected: string, value: unknown): MdqError =>
  new MdqError("bad_argument", `'${name}' must be ${expected} (got ${show(value)})`);

/** What `frontEnd` shows for any thrown value: its sentence in the front end's words, without the key. */
export const messageOf = (e: unknown, frontEnd: FrontEnd, apiKey?: string): string => toMdqError(e, apiKey).messageFor(frontEnd);

/** Wrap any thrown value as an MdqError without the key, or any piece of it, in its sentence. */
export function toMdqError(e: unknown, apiKey?: string): MdqError {
  const err = isMdqError(e) ? e : new MdqError("network", `unexpected failure: ${(e as Error)?.message ?? String(e)}`);
  const clean = redactKey(err.sentence, apiKey);
  return clean === err.sentence ? err : err.reworded(clean);
}
