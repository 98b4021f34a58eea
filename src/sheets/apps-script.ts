// The slice of the Apps Script runtime MDQ uses, typed here rather than through
// @types/google-apps-script: that package declares globals (console, Logger, ...) for the whole
// program, which would leak into the Node and Excel code type-checked with this tree. The test
// stand-ins implement these same interfaces.

export interface FetchParams {
  method: "get";
  headers: Record<string, string>;
  muteHttpExceptions: boolean;
  followRedirects: boolean;
}

export interface FetchResponse {
  getResponseCode(): number;
  getContentText(): string;
  getHeaders(): Record<string, string | string[]>;
}

export interface ScriptCache {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, expirationInSeconds: number): void;
  putAll(values: Record<string, string>, expirationInSeconds: number): void;
}

export interface ScriptProperties {
  getProperties(): Record<string, string>;
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}

export interface Range {
  getValue(): unknown;
  setValue(value: unknown): unknown;
  getA1Notation(): string;
  setFormula(formula: string): unknown;
  setNumberFormat(format: string): unknown;
  setFontWeight(weight: "bold" | "normal"): unknown;
}

export interface Sheet {
  getName(): string;
  getRange(a1: string): Range;
  /** Width in pixels of a column (1 is A). */
  setColumnWidth(column: number, pixels: number): unknown;
}

export interface Spreadsheet {
  getRangeByName(name: string): Range | null;
  getSheetByName(name: string): Sheet | null;
  insertSheet(name: string): Sheet;
  setNamedRange(name: string, range: Range): void;
  toast(message: string, title: string, timeoutSeconds: number): void;
  /** The zone of File > Settings, e.g. "Asia/Singapore"; readable from custom functions. */
  getSpreadsheetTimeZone(): string;
}

export interface Menu {
  addItem(caption: string, functionName: string): Menu;
  addSeparator(): Menu;
  addToUi(): void;
}

export interface PromptResponse {
  getResponseText(): string;
  getSelectedButton(): unknown;
}

export interface Ui {
  createMenu(caption: string): Menu;
  alert(title: string, prompt: string, buttons: unknown): unknown;
  prompt(title: string, prompt: string, buttons: unknown): PromptResponse;
  ButtonSet: { OK: unknown; OK_CANCEL: unknown };
  Button: { OK: unknown };
}

export interface AppsScript {
  UrlFetchApp: {
    fetch(url: string, params: FetchParams): FetchResponse;
    /** Requests sent side by side; the responses in the same order. */
    fetchAll(requests: Array<FetchParams & { url: string }>): FetchResponse[];
  };
  CacheService: { getScriptCache(): ScriptCache | null };
  PropertiesService: { getScriptProperties(): ScriptProperties };
  Utilities: {
    sleep(milliseconds: number): void;
    /** Java SimpleDateFormat letters, in the given zone. */
    formatDate(date: Date, timeZone: string, format: string): string;
  };
  SpreadsheetApp: { getUi(): Ui; getActiveSpreadsheet(): Spreadsheet };
}

/** The Apps Script services, looked up when used (they are globals of the script's runtime). */
export const gas = (): AppsScript => globalThis as unknown as AppsScript;
