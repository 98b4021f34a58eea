// The add-in's settings: base URL, API key, edition and answer limit, kept in OfficeRuntime.storage
// (per user and computer). Never Office.context.document.settings: that travels inside a shared
// workbook. A setting is checked by the core's rules before it is stored, so a key that cannot be
// sent or a base URL with a query is refused when it is saved, not at every cell.
import { SANDBOX } from "../../shared/base-url";
import { type EditionSetting, parseEditionSetting } from "../../shared/editions";
import { checkAnswerMb, checkApiKey, checkBaseUrl, type Settings } from "../../shared/request";

/** The local sandbox and its demo key, so a fresh install shows data at once. */
export const DEFAULT_SETTINGS: Settings = { baseUrl: SANDBOX.url, apiKey: SANDBOX.apiKey, edition: "auto" };

export const STORAGE_KEYS = { baseUrl: "mdq.baseUrl", apiKey: "mdq.apiKey", edition: "mdq.edition", answerMb: "mdq.answerMb" } as const;

/** The part of OfficeRuntime.storage the add-in uses. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

/** A stored edition that is no longer valid reads as auto rather than breaking every cell. */
function storedEdition(text: string | null): EditionSetting {
  try {
    return parseEditionSetting(text);
  } catch {
    return "auto";
  }
}

export async function readSettings(storage: KeyValueStorage | undefined): Promise<Settings> {
  if (!storage) return { ...DEFAULT_SETTINGS };
  const [baseUrl, apiKey, edition, answerMb] = await Promise.all([
    storage.getItem(STORAGE_KEYS.baseUrl),
    storage.getItem(STORAGE_KEYS.apiKey),
    storage.getItem(STORAGE_KEYS.edition),
    storage.getItem(STORAGE_KEYS.answerMb),
  ]);
  // Nothing stored: the sandbox defaults. A key saved blank stays blank (the core then says
  // "no API key is set") rather than silently becoming the demo key.
  return {
    baseUrl: baseUrl?.trim() || DEFAULT_SETTINGS.baseUrl,
    apiKey: apiKey === null ? DEFAULT_SETTINGS.apiKey : apiKey.trim(),
    edition: storedEdition(edition),
    answerMb: storedAnswerMb(answerMb),
  };
}

/** A stored limit that is not a valid one reads as the default. */
function storedAnswerMb(text: string | null): number | undefined {
  try {
    return text ? checkAnswerMb(Number(text)) : undefined;
  } catch {
    return undefined;
  }
}

/** The settings as they will be stored, checked; throws the core's message for a bad one. */
export function checkedSettings(settings: Settings): Settings {
  const apiKey = (settings.apiKey ?? "").trim();
  if (apiKey) checkApiKey(apiKey);
  checkBaseUrl(settings.baseUrl);
  return {
    baseUrl: settings.baseUrl.trim(),
    apiKey,
    edition: parseEditionSetting(settings.edition),
    answerMb: checkAnswerMb(settings.answerMb),
  };
}

export async function writeSettings(storage: KeyValueStorage | undefined, settings: Settings): Promise<Settings> {
  if (!storage) throw new Error("MDQ: settings cannot be saved here (OfficeRuntime.storage is not available).");
  const checked = checkedSettings(settings);
  await storage.setItem(STORAGE_KEYS.baseUrl, checked.baseUrl);
  await storage.setItem(STORAGE_KEYS.apiKey, checked.apiKey ?? "");
  await storage.setItem(STORAGE_KEYS.edition, checked.edition ?? "auto");
  await storage.setItem(STORAGE_KEYS.answerMb, String(checked.answerMb));
  return checked;
}
