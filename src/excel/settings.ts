// The add-in's settings: base URL, API key and edition, kept in OfficeRuntime.storage (per user
// and computer). Never Office.context.document.settings: that travels inside a shared workbook.
import { SANDBOX } from "../../shared/base-url";
import { type EditionSetting, parseEditionSetting } from "../../shared/editions";
import type { Settings } from "../../shared/request";

/** The local sandbox and its demo key, so a fresh install shows data at once. */
export const DEFAULT_SETTINGS: Settings = { baseUrl: SANDBOX.url, apiKey: SANDBOX.apiKey, edition: "auto" };

export const STORAGE_KEYS = { baseUrl: "mdq.baseUrl", apiKey: "mdq.apiKey", edition: "mdq.edition" } as const;

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
  const [baseUrl, apiKey, edition] = await Promise.all([
    storage.getItem(STORAGE_KEYS.baseUrl),
    storage.getItem(STORAGE_KEYS.apiKey),
    storage.getItem(STORAGE_KEYS.edition),
  ]);
  // Nothing stored: the sandbox defaults. A key saved blank stays blank (the core then says
  // "no API key is set") rather than silently becoming the demo key.
  return {
    baseUrl: baseUrl?.trim() || DEFAULT_SETTINGS.baseUrl,
    apiKey: apiKey === null ? DEFAULT_SETTINGS.apiKey : apiKey.trim(),
    edition: storedEdition(edition),
  };
}

export async function writeSettings(storage: KeyValueStorage | undefined, settings: Settings): Promise<void> {
  if (!storage) throw new Error("MDQ: settings cannot be saved here (OfficeRuntime.storage is not available).");
  await storage.setItem(STORAGE_KEYS.baseUrl, settings.baseUrl.trim());
  await storage.setItem(STORAGE_KEYS.apiKey, (settings.apiKey ?? "").trim());
  await storage.setItem(STORAGE_KEYS.edition, settings.edition ?? "auto");
}
