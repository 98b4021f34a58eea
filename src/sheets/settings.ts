// The two settings live in Script Properties so custom functions can read them (they cannot read
// User Properties of whoever opened the sheet) and so they can also be set by hand in the Apps
// Script editor (Project Settings > Script Properties). Every editor of the spreadsheet can open
// that editor, so every editor can read the key: the menu and docs/sheets.md say so.

import { MdqError, parseEditionSetting, type Settings } from "../../shared";
import { gas } from "./apps-script";

export const PROPERTY = {
  baseUrl: "MDQ_BASE_URL",
  apiKey: "MDQ_API_KEY",
  /** auto (default), spec or live: which edition of the service the base URL speaks. */
  edition: "MDQ_EDITION",
  /** Optional: the largest answer read, in MB (default 25). */
  answerMb: "MDQ_ANSWER_MB",
  /** Optional: a smaller time budget per call, in seconds (never above the default). */
  timeLimit: "MDQ_TIME_LIMIT_SECONDS",
  /** Bumped by "Clear cache": CacheService cannot list or drop all of its keys. */
  cacheGeneration: "MDQ_CACHE_GENERATION",
} as const;

/** Google Sheets stops a custom function after 30 s. */
export const SHEETS_LIMIT_MS = 30_000;
/** MDQ's budget per call, retries and waits included: 5 s of the limit stay free for the
 *  last request to come back and the table to be written. */
export const DEFAULT_BUDGET_MS = 25_000;

/** The budget from MDQ_TIME_LIMIT_SECONDS: lower is allowed, higher is capped, nonsense ignored. */
export function budgetMs(raw: string | null | undefined): number {
  const seconds = Number((raw ?? "").trim());
  if (!raw || !Number.isFinite(seconds) || seconds <= 0) return DEFAULT_BUDGET_MS;
  return Math.min(DEFAULT_BUDGET_MS, Math.max(100, Math.round(seconds * 1000)));
}

export interface SheetsSettings {
  settings: Settings;
  budgetMs: number;
  cacheGeneration: string;
}

export function readSettings(): SheetsSettings {
  // One service call for all four: every formula of a sheet reads them, and reads count
  // against the Properties quota.
  const props = gas().PropertiesService.getScriptProperties().getProperties();
  return {
    settings: {
      baseUrl: (props[PROPERTY.baseUrl] ?? "").trim(),
      apiKey: (props[PROPERTY.apiKey] ?? "").trim() || undefined,
      // A property typed by hand in the editor is checked like any setting: a bad one is an error.
      edition: parseEditionSetting(props[PROPERTY.edition]),
      // Checked by the core with every call: a bad value is an error that names the setting.
      answerMb: props[PROPERTY.answerMb]?.trim() ? Number(props[PROPERTY.answerMb]) : undefined,
    },
    budgetMs: budgetMs(props[PROPERTY.timeLimit]),
    cacheGeneration: props[PROPERTY.cacheGeneration] ?? "0",
  };
}

export const NO_BASE_URL = new MdqError(
  "bad_argument",
  `no base URL is set. Use the menu MDQ > Set base URL (or the Script Property ${PROPERTY.baseUrl} in Extensions > Apps Script > Project Settings) with the service's https:// address. Google's servers run these functions, so they cannot reach a sandbox on your own computer.`,
);
