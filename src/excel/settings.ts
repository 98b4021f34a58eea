// The add-in's settings: base URL, API key, edition, answer limit and requests at once, kept in OfficeRuntime.storage
// (per user and computer). Never Office.context.document.settings: that travels inside a shared
// workbook. A setting is checked by the core's rules before it is stored, so a key that cannot be
// sent or a base URL with a query is refused when it is saved, not at every cell.
import {
  checkAnswerMb,
  checkApiKey,
  checkBaseUrl,
  checkWholeSetting,
  type EditionSetting,
  parseEditionSetting,
  SANDBOX,
  type Settings,
} from "../../shared";

/** The core's settings and the add-in's own: how many requests may be out at once. */
export interface AddinSettings extends Settings {
  concurrency?: number;
}

/** Requests out at once by default: the 60 distinct requests of a large first recalculation go
 *  in one turn. Over HTTP/2 (one connection; servers should allow at least 100 streams) they all
 *  travel at once; over HTTP/1.1 a browser opens 6 connections per host and the rest wait inside
 *  it. At most 100, HTTP/2's recommended stream minimum. docs/excel.md says why, for admins. */
export const DEFAULT_CONCURRENCY = 64;
export const CONCURRENCY_RANGE = { min: 1, max: 100 } as const;

/** A team's build (npm run build:excel -- --base-url URL; scripts/team-defaults.ts) writes its
 *  base URL and edition here; anywhere else (tests, a plain build) it is absent or null. */
declare const MDQ_BUILD_DEFAULTS: { baseUrl: string; edition: EditionSetting } | null | undefined;
const built = typeof MDQ_BUILD_DEFAULTS === "undefined" ? null : MDQ_BUILD_DEFAULTS;

/** The local sandbox and its demo key, so a fresh install shows data at once; a team's build: its
 *  gateway (or service) and edition, and no key (each analyst pastes their own token). */
export const DEFAULT_SETTINGS: AddinSettings = built
  ? { baseUrl: built.baseUrl, apiKey: "", edition: built.edition }
  : { baseUrl: SANDBOX.url, apiKey: SANDBOX.apiKey, edition: "auto" };

export const STORAGE_KEYS = {
  baseUrl: "mdq.baseUrl",
  apiKey: "mdq.apiKey",
  edition: "mdq.edition",
  answerMb: "mdq.answerMb",
  concurrency: "mdq.concurrency",
} as const;

/** The part of OfficeRuntime.storage the add-in uses. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

/** A stored edition that is no longer valid reads as auto rather than breaking every cell; none
 *  stored, the default (a team's build may name one). */
function storedEdition(text: string | null): EditionSetting {
  if (text === null) return DEFAULT_SETTINGS.edition ?? "auto";
  try {
    return parseEditionSetting(text);
  } catch {
    return "auto";
  }
}

export async function readSettings(storage: KeyValueStorage | undefined): Promise<AddinSettings> {
  if (!storage) return { ...DEFAULT_SETTINGS };
  const [baseUrl, apiKey, edition, answerMb, concurrency] = await Promise.all([
    storage.getItem(STORAGE_KEYS.baseUrl),
    storage.getItem(STORAGE_KEYS.apiKey),
    storage.getItem(STORAGE_KEYS.edition),
    storage.getItem(STORAGE_KEYS.answerMb),
    storage.getItem(STORAGE_KEYS.concurrency),
  ]);
  // Nothing stored: the sandbox defaults. A key saved blank stays blank (the core then says
  // "no API key is set") rather than silently becoming the demo key.
  return {
    baseUrl: baseUrl?.trim() || DEFAULT_SETTINGS.baseUrl,
    apiKey: apiKey === null ? DEFAULT_SETTINGS.apiKey : apiKey.trim(),
    edition: storedEdition(edition),
    answerMb: stored(answerMb, checkAnswerMb),
    concurrency: stored(concurrency, checkConcurrency),
  };
}

/** A stored number that is not a valid one reads as the default. */
function stored(text: string | null, check: (n: number) => number): number | undefined {
  try {
    return text ? check(Number(text)) : undefined;
  } catch {
    return undefined;
  }
}

/** Requests out at once: a whole number within CONCURRENCY_RANGE, default DEFAULT_CONCURRENCY. */
export const checkConcurrency = (n: number | undefined): number =>
  checkWholeSetting(n, CONCURRENCY_RANGE, DEFAULT_CONCURRENCY, "the number of requests at once", "concurrency");

/** The settings as they will be stored, checked; throws the core's message for a bad one. */
export function checkedSettings(settings: AddinSettings): AddinSettings {
  const apiKey = (settings.apiKey ?? "").trim();
  if (apiKey) checkApiKey(apiKey);
  checkBaseUrl(settings.baseUrl);
  return {
    baseUrl: settings.baseUrl.trim(),
    apiKey,
    edition: parseEditionSetting(settings.edition),
    answerMb: checkAnswerMb(settings.answerMb),
    concurrency: checkConcurrency(settings.concurrency),
  };
}

export async function writeSettings(storage: KeyValueStorage | undefined, settings: AddinSettings): Promise<AddinSettings> {
  if (!storage) throw new Error("MDQ: settings cannot be saved here (OfficeRuntime.storage is not available).");
  const checked = checkedSettings(settings);
  await storage.setItem(STORAGE_KEYS.baseUrl, checked.baseUrl);
  await storage.setItem(STORAGE_KEYS.apiKey, checked.apiKey ?? "");
  await storage.setItem(STORAGE_KEYS.edition, checked.edition ?? "auto");
  await storage.setItem(STORAGE_KEYS.answerMb, String(checked.answerMb));
  await storage.setItem(STORAGE_KEYS.concurrency, String(checked.concurrency));
  return checked;
}
