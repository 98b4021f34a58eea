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

/** CacheService's cache. Google keeps an item at most 6 h, may drop it sooner ("the expiration time
 *  is only a suggestion"), and keeps the 900 farthest from expiring when more than 1,000 are written. */
export interface ScriptCache {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, expirationInSeconds: number): void;
  putAll(values: Record<string, string>, expirationInSeconds: number): void;
  remove(key: string): void;
}

/** A property store (Script or Document Properties): 9 KB a value, 500 KB a store, and every call
 *  counts against the daily quota of Properties reads and writes (50,000 on a consumer account). */
export interface ScriptProperties {
  getProperties(): Record<string, string>;
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  /** All of them in one call; with `deleteAllOthers`, the store holds only these afterwards. */
  setProperties(properties: Record<string, string>, deleteAllOthers?: boolean): unknown;
  deleteProperty(key: string): unknown;
  deleteAllProperties(): unknown;
}

/** A byte array as Apps Script hands it over: Java bytes, -128 to 127. */
export type Bytes = number[];

export interface Blob {
  getBytes(): Bytes;
  /** The bytes read as UTF-8. */
  getDataAsString(): string;
}

/** LockService's lock. */
export interface Lock {
  /** Wait up to `timeoutMs` for the lock; false when another execution kept it that long. */
  tryLock(timeoutMs: number): boolean;
  releaseLock(): void;
  hasLock(): boolean;
}

export interface Range {
  getValue(): unknown;
  /** Every cell's value, rows of columns ("" where empty; a date cell as a Date). */
  getValues(): unknown[][];
  setValue(value: unknown): unknown;
  /** The range's address without its sheet ("B2"), as Google's returns it. */
  getA1Notation(): string;
  /** The formula of the top-left cell in English ("=MDQ_LIST(\"tags\")"), or "" when it holds none. */
  getFormula(): string;
  setFormula(formula: string): unknown;
  setNumberFormat(format: string): unknown;
  setFontWeight(weight: "bold" | "normal"): unknown;
}

/** A block of cells as read at once: the formulas' text ("" where none) and the values. */
export interface DataRange {
  getFormulas(): string[][];
  getValues(): unknown[][];
}

export interface Sheet {
  getName(): string;
  /** Make it the sheet the person sees. */
  activate(): Sheet;
  getRange(a1: string): Range;
  /** The cells from A1 to the last row and column with content (custom functions may read it). */
  getDataRange(): DataRange;
  /** Width in pixels of a column (1 is A). */
  setColumnWidth(column: number, pixels: number): unknown;
}

export interface Spreadsheet {
  getRangeByName(name: string): Range | null;
  /** A range by its address ("Sheet1!A1:B2"; without a sheet, on the active one). */
  getRange(a1: string): Range;
  getSheetByName(name: string): Sheet | null;
  /** A new sheet, which Google also makes the active one (the person is taken to it). */
  insertSheet(name: string): Sheet;
  getActiveSheet(): Sheet;
  /** The cell the person has selected (on the active sheet); null when there is none. */
  getCurrentCell(): Range | null;
  setActiveSheet(sheet: Sheet): Sheet;
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

/** A page HtmlService made: shown by Ui.showSidebar, which Google draws 300 px wide whatever
 *  the page asks (setWidth only sizes dialogs). */
export interface HtmlOutput {
  setTitle(title: string): HtmlOutput;
  getTitle(): string;
  getContent(): string;
}

export interface Ui {
  createMenu(caption: string): Menu;
  showSidebar(page: HtmlOutput): void;
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
  PropertiesService: {
    getScriptProperties(): ScriptProperties;
    /** This spreadsheet's own store (a bound script); null when Google offers none. */
    getDocumentProperties(): ScriptProperties | null;
  };
  /** Google's custom-function guide lists Lock as working in custom functions. */
  LockService: { getScriptLock(): Lock };
  Utilities: {
    sleep(milliseconds: number): void;
    /** Java SimpleDateFormat letters, in the given zone. */
    formatDate(date: Date, timeZone: string, format: string): string;
    /** A blob of the text as UTF-8, or of bytes. */
    newBlob(data: string | Bytes, contentType?: string): Blob;
    gzip(blob: Blob): Blob;
    ungzip(blob: Blob): Blob;
    base64Encode(data: Bytes): string;
    base64Decode(encoded: string): Bytes;
  };
  SpreadsheetApp: { getUi(): Ui; getActiveSpreadsheet(): Spreadsheet };
  /** Pages for sidebars: a file of the project (Sidebar.html beside Code.js) by its name without ".html". */
  HtmlService: { createHtmlOutputFromFile(name: string): HtmlOutput };
}

/** The Apps Script services, looked up when used (they are globals of the script's runtime). */
export const gas = (): AppsScript => globalThis as unknown as AppsScript;
