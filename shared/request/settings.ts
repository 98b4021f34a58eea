// The settings every call needs (base URL, key, edition, answer limit, stale rule), checked by
// the same rules whether a call uses them or a host saves them.

import { ANSWER_MB_RANGE, DEFAULT_ANSWER_MB } from "../answer/host-limits";
import { type SettingName, whereToSet } from "../base/advice";
import { isLoopback, parseBaseUrl, SANDBOX } from "../base/base-url";
import type { EditionSetting } from "../base/editions";
import { MdqError, show } from "../base/errors";
import type { StaleMode } from "../input/options";

export interface Settings {
  baseUrl: string;
  apiKey?: string;
  /** Which edition of the service the base URL speaks; default auto (see base/editions.ts). */
  edition?: EditionSetting;
  /** The largest answer read, in MB (default DEFAULT_ANSWER_MB). */
  answerMb?: number;
  /** The host's rule for stale answers (the CLI's --stale); a call's `stale=error` overrides it. */
  stale?: StaleMode;
}

/** The settings every call needs, checked: the same rules refuse a bad setting when it is saved. */
export function checkSettings(settings: Settings): { base: string; apiKey: string; maxAnswerBytes: number } {
  const base = checkBaseUrl(settings.baseUrl);
  const apiKey = (settings.apiKey ?? "").trim();
  if (!apiKey) {
    // A service on this computer is most likely MDQ's sandbox: say which key it takes.
    const local = isLoopback(parseBaseUrl(base)?.hostname ?? "") ? `; MDQ's sandbox on this computer takes the key ${SANDBOX.apiKey}` : "";
    throw new MdqError("missing_key", `no API key is set. Add your key ${whereToSet("apiKey")}${local}.`);
  }
  checkApiKey(apiKey);
  return { base, apiKey, maxAnswerBytes: checkAnswerMb(settings.answerMb) * 1_048_576 };
}

/** The base URL must be http(s) without credentials, query or fragment; plain http only to this computer. */
export function checkBaseUrl(baseUrl: string | undefined): string {
  const raw = (baseUrl ?? "").trim();
  // Every call checks it: a workbook's calls share a few base URLs, each parsed once.
  const known = checkedBases.get(raw);
  if (known !== undefined) return known;
  const base = checkedBase(raw);
  if (checkedBases.size >= 16) checkedBases.clear();
  checkedBases.set(raw, base);
  return base;
}

/** Base URLs that passed the check, as the check gave them. */
const checkedBases = new Map<string, string>();

function checkedBase(raw: string): string {
  const parsed = parseBaseUrl(raw);
  // A "?" or "#" anywhere would swallow every path MDQ appends.
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || /[?#]/.test(raw)) {
    throw new MdqError(
      "bad_argument",
      `the base URL must be an address such as https://api.example.com, without a query, fragment or user name (got ${show(raw)}). Fix it ${whereToSet("baseUrl")}.`,
    );
  }
  if (parsed.protocol === "http:" && !isLoopback(parsed.hostname)) {
    throw new MdqError(
      "bad_argument",
      `the base URL must use https:// for ${parsed.hostname}: MDQ never sends the API key over plain http except to this computer. Fix it ${whereToSet("baseUrl")}.`,
    );
  }
  // The paths of the catalogue carry their version (/v1/..., /v2/...): a base URL that ends in one
  // would double it (/v2/v2/...), so it is dropped.
  return raw.replace(/\/+$/, "").replace(/\/v[12]$/i, "");
}

/** A key MDQ can send: an HTTP header carries Latin-1 text without control characters. */
export function checkApiKey(apiKey: string): void {
  if (/[^\u0020-\u007e\u00a0-\u00ff]/.test(apiKey) || apiKey.length > 512) {
    throw new MdqError(
      "bad_argument",
      `the API key has characters an HTTP header cannot carry (control characters, or letters beyond Latin-1 such as a curly quote or a dash pasted from a document), or is too long: paste it again ${whereToSet("apiKey")}.`,
    );
  }
}

/** A whole-number setting within its range, `fallback` when not set; `what` names it in the
 *  message ("the answer limit", with `unit` "MB"), `setting` where it is changed. */
export function checkWholeSetting(
  n: number | undefined,
  range: { min: number; max: number },
  fallback: number,
  what: string,
  setting: SettingName,
  unit = "",
): number {
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < range.min || n > range.max) {
    throw new MdqError(
      "bad_argument",
      `${what} must be a whole number ${unit ? `of ${unit} ` : ""}from ${range.min} to ${range.max} (got ${show(n)}). Fix it ${whereToSet(setting)}.`,
    );
  }
  return n;
}

/** The answer limit in MB: a whole number within ANSWER_MB_RANGE, default DEFAULT_ANSWER_MB. */
export const checkAnswerMb = (mb: number | undefined): number =>
  checkWholeSetting(mb, ANSWER_MB_RANGE, DEFAULT_ANSWER_MB, "the answer limit", "answerMb", "MB");
