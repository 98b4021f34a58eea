// Argument schemas for cell input. A cell can hold text, a number, a boolean, a date (a Sheets
// Date or an Excel serial number), nothing, or a range (a 2-D array). Blank means "not sent".
// No z.coerce here: it would turn "" and null into 0. Each schema maps a cell to the exact text
// sent on the wire, or to undefined when blank; its issue message says what is allowed.
import * as z from "zod/mini";
import { badArgument, MdqError } from "./errors";

export type Scalar = string | number | boolean | Date | null | undefined;
export type CellValue = Scalar | Scalar[][];

/** A schema from one cell value to its wire text; undefined when blank. */
export type ArgSchema = z.ZodMiniType<string | undefined, unknown>;

/** A kind of argument: its schema and the sentence a message and the docs use for it. */
export interface ArgKind {
  schema: ArgSchema;
  /** What is allowed, as in "'n' must be <expected>". */
  expected: string;
  /** Fixed choices, for pick lists and help text. */
  choices?: readonly string[];
}

class Rejected {
  constructor(readonly expected?: string) {}
}

/** Build a kind from a function of one non-blank value; throw `reject()` for a bad one. */
function kind(expected: string, parse: (v: Scalar | Scalar[][]) => string, choices?: readonly string[]): ArgKind {
  const schema = z.pipe(
    z.unknown(),
    z.transform((input, ctx) => {
      const v = unwrap(input as CellValue);
      if (isBlank(v)) return undefined;
      try {
        return parse(v);
      } catch (e) {
        if (!(e instanceof Rejected)) throw e;
        ctx.issues.push({ code: "custom", message: e.expected ?? expected, input });
        return z.NEVER;
      }
    }),
  ) as unknown as ArgSchema;
  return { schema, expected, choices };
}

const reject = (expected?: string) => new Rejected(expected);

export const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && flattenRange(v as Scalar[][]).length === 0);

/** A 1x1 range is its single value. */
function unwrap(v: CellValue): CellValue {
  return Array.isArray(v) && v.length === 1 && Array.isArray(v[0]) && v[0].length === 1 ? v[0][0] : v;
}

export function flattenRange(range: Scalar[][]): Scalar[] {
  const out: Scalar[] = [];
  for (const row of range) for (const cell of Array.isArray(row) ? row : [row]) if (!isBlank(cell)) out.push(cell);
  return out;
}

/** Items of a list argument: a comma list in one cell, or a range of cells (each may hold a comma list). */
function listItems(v: CellValue): Scalar[] {
  const cells = Array.isArray(v) ? flattenRange(v) : [v];
  return cells.flatMap((c): Scalar[] =>
    typeof c === "string"
      ? c
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [c],
  );
}

const asText = (v: CellValue): string => {
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  throw reject();
};

const CONTROL = /[\u0000-\u001f\u007f]/;

// ---- tickers -------------------------------------------------------------------------------

function idxSymbol(v: Scalar | Scalar[][]): string {
  const m = /^([A-Za-z]{4})(\.jk)?$/i.exec(asText(v));
  if (!m) throw reject();
  return m[1].toUpperCase();
}

export const idxTicker = kind("a 4-letter IDX ticker such as BBCA or BBCA.JK", idxSymbol);
export const idxTickerJK = kind(idxTicker.expected, (v) => `${idxSymbol(v)}.JK`);
export const idxTickers = kind("a comma list or range of 4-letter IDX tickers such as BBCA,TLKM", (v) => {
  const items = listItems(v);
  if (items.length === 0) throw reject();
  return unique(items.map((i) => `${idxSymbol(i)}.JK`)).join(",");
});

export const klseTicker = kind("a 4-digit KLSE stock code such as 1155", (v) => {
  const text = typeof v === "number" && Number.isInteger(v) && v >= 0 ? String(v).padStart(4, "0") : asText(v);
  if (!/^\d{4}$/.test(text)) throw reject();
  return text;
});

// ---- numbers, booleans, choices ------------------------------------------------------------

function wholeNumber(v: Scalar | Scalar[][]): number {
  const n = typeof v === "number" ? v : typeof v === "string" && /^[+]?\d+(\.0+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw reject();
  return n;
}

export const int = (min: number, max: number): ArgKind =>
  kind(`a whole number from ${min} to ${max}`, (v) => {
    const n = wholeNumber(v);
    if (n < min || n > max) throw reject();
    return String(n);
  });

export const positiveId = kind("a positive whole number (the id from MINING_COMPANIES)", (v) => {
  const n = wholeNumber(v);
  if (n < 1) throw reject();
  return String(n);
});

export const nonNegative = kind("a number of 0 or more", (v) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1e15) throw reject();
  // Plain decimal text: String(5e-7) would send an exponent the service does not read.
  return n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 6 });
});

const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);
export const bool = kind("TRUE or FALSE", (v) => {
  const text = typeof v === "boolean" ? String(v) : typeof v === "number" ? String(v) : asText(v).toLowerCase();
  if (TRUE.has(text)) return "true";
  if (FALSE.has(text)) return "false";
  throw reject();
});

export const choice = (choices: readonly string[]): ArgKind =>
  kind(
    `one of ${choices.join(", ")}`,
    (v) => {
      const text = asText(v).toLowerCase();
      const hit = choices.find((c) => c.toLowerCase() === text);
      if (!hit) throw reject();
      return hit;
    },
    choices,
  );

export const choiceList = (choices: readonly string[]): ArgKind =>
  kind(
    `a comma list of ${choices.join(", ")}`,
    (v) => {
      const picked = listItems(v).map((i) => choices.find((c) => c === asText(i).toLowerCase()));
      if (picked.length === 0 || picked.some((p) => p === undefined)) throw reject();
      return unique(picked as string[]).join(",");
    },
    choices,
  );

export const years = kind("a comma list or range of years such as 2023,2024", (v) => {
  const items = listItems(v).map(wholeNumber);
  if (items.length === 0 || items.some((y) => y < 1900 || y > 2100)) throw reject();
  return unique(items.map(String)).join(",");
});

export const year = kind("a year such as 2024", (v) => {
  const y = wholeNumber(v);
  if (y < 1900 || y > 2100) throw reject();
  return String(y);
});

// ---- dates ---------------------------------------------------------------------------------

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** ISO date of an Excel or Sheets serial number (days since 1899-12-30). */
export const serialToIso = (serial: number): string => new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);

/** Excel serial number of an ISO date or timestamp (fractional for a time of day). */
export function isoToSerial(iso: string): number | undefined {
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(ms) ? undefined : (ms - EXCEL_EPOCH_MS) / DAY_MS;
}

export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export const date = kind("a date as YYYY-MM-DD text or a date cell", (v) => {
  if (v instanceof Date) {
    // A Sheets date cell arrives as midnight in the script's time zone: read the calendar day there.
    if (Number.isNaN(v.getTime())) throw reject();
    return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  }
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v < 1 || v > 2958465) throw reject();
    return serialToIso(v);
  }
  const text = asText(v);
  if (!isIsoDate(text)) throw reject();
  return text;
});

const pad = (n: number) => String(n).padStart(2, "0");

// ---- names ---------------------------------------------------------------------------------

/** "Oil, Gas & Coal" → "oil-gas-coal": the service's kebab-case slug. */
export const toSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function slugOf(v: Scalar | Scalar[][]): string {
  const text = asText(v);
  if (CONTROL.test(text) || text.length > 100) throw reject();
  const slug = toSlug(text);
  if (!slug) throw reject();
  return slug;
}

export const slug = kind("a name such as banks or oil-gas-coal", slugOf);
export const slugs = kind("a comma list or range of names such as banks,insurance", (v) => {
  const items = listItems(v);
  if (items.length === 0) throw reject();
  return unique(items.map(slugOf)).join(",");
});

/** Mining filter values are Title Case on the service: "kalimantan timur" → "Kalimantan Timur". */
export const titleCase = kind("a name such as Coal or Kalimantan Timur", (v) => {
  const text = asText(v).replace(/\s+/g, " ");
  if (CONTROL.test(text) || text.length > 100 || !/^[\p{L}\p{N} .,&'()-]+$/u.test(text)) throw reject();
  return text.replace(/\p{L}+/gu, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
});

export const text = kind("text of at most 100 characters", (v) => {
  const t = asText(v);
  if (CONTROL.test(t) || t.length > 100) throw reject();
  return t;
});

/** A comma list or range of free text items, kept as typed (tags keep their case). */
export const textList = (expected: string): ArgKind =>
  kind(expected, (v) => {
    const items = listItems(v).map(asText);
    if (items.length === 0 || items.some((t) => CONTROL.test(t) || t.length > 100)) throw reject();
    return unique(items).join(",");
  });

/** Any value; only its identity matters (the `refresh` option). */
export const anyValue = kind("", (v) => (v instanceof Date ? v.toISOString() : String(v)));

const unique = (items: string[]) => [...new Set(items)];

/** Validate one argument; the error names it, its value and what is allowed. */
export function parseArg(name: string, kindOf: ArgKind, value: unknown, required = false): string | undefined {
  const result = kindOf.schema.safeParse(value);
  if (!result.success) throw badArgument(name, result.error.issues[0]?.message ?? kindOf.expected, value);
  if (result.data === undefined && required) {
    throw new MdqError("bad_argument", `'${name}' is required: ${kindOf.expected}`);
  }
  return result.data;
}
