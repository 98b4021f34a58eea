// The argument kinds of the catalogue: each a zod rule for one value with the sentence users
// see, how a cell is read into it and what is sent. See kinds.ts for how they are put together.

import * as z from "zod/mini";
import { _isoDate } from "zod/v4/core";
import { type CellValue, readBoolean, readDate, readDecimal, readText, readWhole, type Scalar } from "../base/cells";
import { unicodeRegExp } from "../base/unicode";
import { type ArgKind, type KindParts, kind, listKind, once } from "./kinds";

/** No control characters (they would break the URL or the message that quotes the value). */
export const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** A cell's text with each run of white space one space: a line break typed in the cell (Alt+Enter)
 *  separates words as a space does. */
export function readSpaced(cell: CellValue): unknown {
  const text = readText(cell);
  return typeof text === "string" ? text.replace(/\s+/g, " ") : text;
}
const identity = (value: string) => value;

// ---- tickers -------------------------------------------------------------------------------

const IDX_TICKER = /^([A-Za-z]{4})(\.jk)?$/i;
const idxSymbol = (text: string) => text.slice(0, 4).toUpperCase();

const idxTickerParts: KindParts<string> = {
  rule: () => z.string().check(z.regex(IDX_TICKER), z.describe("a 4-letter IDX ticker such as BBCA or BBCA.JK")),
  read: readText,
  write: idxSymbol,
};

export const idxTicker = kind(idxTickerParts);
export const idxTickerJK = kind({ ...idxTickerParts, write: (text) => `${idxSymbol(text)}.JK` });
export const idxTickers = listKind(
  { ...idxTickerParts, write: (text) => `${idxSymbol(text)}.JK` },
  "a comma list or range of 4-letter IDX tickers such as BBCA,TLKM",
);

export const klseTicker = kind({
  rule: () => z.string().check(z.regex(/^\d{4}$/), z.describe("a 4-digit KLSE stock code such as 1155")),
  // A code typed as a number has lost its leading zeros (0166 → 166).
  read: (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? String(v).padStart(4, "0") : readText(v)),
  write: identity,
});

/** A mining company on the wire: a ticker as IDX writes it, a slug (or an id) in lower case; the
 *  forms are told apart by shape: digits, four letters, anything else a slug. */
const writeMiningCompany = (text: string) => (IDX_TICKER.test(text) ? idxSymbol(text) : text.toLowerCase());

/** A mining company: its IDX ticker, its slug (live edition) or its numeric id (spec edition). */
export const miningCompany = kind({
  rule: () =>
    z.string().check(
      // A slug has a letter: a number is an id, "0" nothing.
      z.regex(/^([1-9]\d{0,8}|[A-Za-z]{4}(\.jk)?|(?=[a-z0-9-]*[a-z])[a-z0-9]+(-[a-z0-9]+)*)$/i),
      z.describe("an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id"),
    ),
  read: (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? String(v) : readText(v)),
  write: writeMiningCompany,
});

/** A mining company as the live lists' `company` filter takes it: an IDX ticker (MDQ looks up its
 *  slug) or a slug. */
export const miningTickerOrSlug = kind({
  rule: () =>
    z
      .string()
      .check(
        z.regex(/^([A-Za-z]{4}(\.jk)?|(?=[a-z0-9-]*[a-z])[a-z0-9]+(-[a-z0-9]+)*)$/i),
        z.describe("an IDX ticker (ADRO) or a slug (pt-adaro-energy-indonesia-tbk)"),
      ),
  read: readText,
  write: writeMiningCompany,
});

/** An SGX symbol: three or four letters or digits (D05, U11, C38U for a REIT), ".SI" allowed;
 *  sent without it. */
const sgxSymbolParts: KindParts<string> = {
  rule: () => z.string().check(z.regex(/^[A-Za-z0-9]{3,4}(\.si)?$/i), z.describe("a 3- or 4-character SGX symbol such as D05 or C38U")),
  read: readText,
  write: (text) => text.replace(/\.si$/i, "").toUpperCase(),
};
export const sgxSymbol = kind(sgxSymbolParts);
export const sgxSymbols = listKind(sgxSymbolParts, "a comma list or range of SGX symbols such as D05,U11");

/** A broker on the IDX: two letters (MG, YP). */
export const brokerCode = kind({
  rule: () => z.string().check(z.regex(/^[A-Za-z]{2}$/), z.describe("a 2-letter IDX broker code such as MG")),
  read: readText,
  write: (text) => text.toUpperCase(),
});

// ---- numbers, booleans, choices ------------------------------------------------------------

const wholeParts = (min: number, max: number, description?: string): KindParts<number> => ({
  rule: () => (description ? z.int().check(z.gte(min), z.lte(max), z.describe(description)) : z.int().check(z.gte(min), z.lte(max))),
  read: readWhole,
  write: String,
});

export const int = (min: number, max: number): ArgKind => kind(wholeParts(min, max));

export const positiveId = kind(wholeParts(1, Number.MAX_SAFE_INTEGER, "a positive whole number (the id from MINING_COMPANIES)"));

export const nonNegative = kind({
  rule: () => z.number().check(z.gte(0), z.lte(1e15), z.describe("a number of 0 or more")),
  read: readDecimal,
  // Plain decimal text: String(5e-7) would send an exponent the service does not read.
  write: (n) => n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 6 }),
});

export const bool = kind({ rule: () => z.boolean(), read: readBoolean, write: String });

/** One of fixed choices, in any case; the choice is sent as the catalogue spells it. */
const choiceParts = (choices: readonly string[]): KindParts<string> => ({
  rule: () => z.enum(choices as [string, ...string[]]),
  read: (v) => {
    const text = readText(v);
    return typeof text === "string" ? (choices.find((c) => c.toLowerCase() === text.toLowerCase()) ?? text) : text;
  },
  write: identity,
});

export const choice = (choices: readonly string[]): ArgKind => kind(choiceParts(choices));
export const choiceList = (choices: readonly string[]): ArgKind => listKind(choiceParts(choices));
/** One of more fixed choices than a message can list (a country's provinces): `description` says
 *  which, in place of the list; hosts still offer them all as a pick list. */
export const describedChoice = (choices: readonly string[], description: string): ArgKind =>
  kind({ ...choiceParts(choices), rule: () => z.enum(choices as [string, ...string[]]).check(z.describe(description)) });

const yearParts = wholeParts(1900, 2100, "a year such as 2024");
export const year = kind(yearParts);
export const years = listKind(yearParts, "a comma list or range of years such as 2023,2024");

// ---- dates ---------------------------------------------------------------------------------

// z.iso.date() itself, built from its parts: the `z.iso` namespace would bring every ISO format
// (date-time, time, duration) and their patterns into each bundle: 0.5 KB of the Excel engine gzipped.
export const date = kind({ rule: () => _isoDate(z.ZodMiniISODate), read: readDate, write: identity });

// ---- names ---------------------------------------------------------------------------------

/** Letters that do not decompose into a base letter and a mark. */
const FOLDED: ReadonlyMap<string, string> = new Map([
  ["ß", "ss"],
  ["æ", "ae"],
  ["œ", "oe"],
  ["ø", "o"],
  ["ł", "l"],
  ["đ", "d"],
  ["ð", "d"],
  ["þ", "th"],
  ["ı", "i"],
]);

// Most names are plain ASCII, and a Unicode property class costs milliseconds to build (a large
// table of ranges): each is built on the first text outside ASCII, and ASCII text is read with the
// ASCII class that is its exact part.
const NOT_ASCII = /[^\x00-\x7f]/;
const marks = once(() => unicodeRegExp("\\p{M}+", "g"));
const words = once(() => unicodeRegExp("\\p{L}+", "g"));
const nameChars = once(() => unicodeRegExp("^[\\p{L}\\p{M}\\p{N} .,&'()-]+$"));
const ASCII_WORDS = /[A-Za-z]+/g;
const ASCII_NAME = /^[A-Za-z0-9 .,&'()-]+$/;

/** "Oil, Gas & Coal" → "oil-gas-coal": the service's kebab-case slug; accented letters lose their
 *  accents ("Öl & Gas" → "ol-gas") instead of vanishing. */
export const toSlug = (text: string): string => {
  const decomposed = text.toLowerCase().normalize("NFKD");
  const unmarked = NOT_ASCII.test(decomposed) ? decomposed.replace(marks(), "") : decomposed;
  return unmarked
    .replace(/[^\x00-\x7f]/g, (c) => FOLDED.get(c) ?? c)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
};

/** Letters, marks, digits, spaces and . , & ' ( ) - only. */
const isName = (text: string) => ASCII_NAME.test(text) || nameChars().test(text);

const slugParts = (description: string): KindParts<string> => ({
  rule: () =>
    z.string().check(
      z.maxLength(100),
      z.regex(PRINTABLE),
      z.refine((text) => toSlug(text) !== ""),
      z.describe(description),
    ),
  read: readText,
  write: toSlug,
});

export const slug = kind(slugParts("a name such as banks or oil-gas-coal"));
/** A mining site's or company's slug, or the name it is made from. */
export const miningSlug = kind(slugParts("a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from"));
export const slugs = listKind(slugParts("a name such as banks"), "a comma list or range of names such as banks,insurance");

/** Mining filter values are Title Case on the service: "kalimantan timur" → "Kalimantan Timur". */
export const titleCase = kind({
  rule: () =>
    z
      .string()
      // Combining marks too: a capital may come as a letter and a mark ("ῢ" → "Ϋ̀").
      .check(
        z.maxLength(100),
        z.refine(isName),
        z.describe("a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case)"),
      ),
  read: readSpaced,
  write: (text) => text.replace(NOT_ASCII.test(text) ? words() : ASCII_WORDS, titleWord),
});

/** One word in Title Case, stable when applied again: where a capital is two letters ("ᾀ" → "ἈΙ",
 *  "ß" → "SS"), the second joins the lower-case rest. Code points, so no surrogate is split. */
function titleWord(word: string): string {
  const [first, ...rest] = word;
  const head = first.toUpperCase();
  return [...head][0] + (head.slice([...head][0].length) + rest.join("")).toLowerCase();
}

const textParts = (description: string): KindParts<string> => ({
  rule: () => z.string().check(z.maxLength(100), z.regex(PRINTABLE), z.describe(description)),
  read: readText,
  write: identity,
});

export const text = kind(textParts("text of at most 100 characters"));

/** A query in the screener's own language (`market_cap > 1e14 and sub_sector = 'Banks'`). */
export const screenerText = kind({
  rule: () =>
    z
      .string()
      .check(z.maxLength(1000), z.regex(PRINTABLE), z.describe("text of at most 1,000 characters in the screener's query language")),
  read: readText,
  write: identity,
});

/** A comma list or range of free text items, kept as typed (tags keep their case). */
export const textList = (expected: string): ArgKind => listKind(textParts("text of at most 100 characters"), expected);

/** Any value; only its identity matters (the `refresh` option). */
export const anyValue = kind({
  rule: () => z.string(),
  read: (v: Scalar) => (v instanceof Date ? v.toISOString() : String(v)),
  write: identity,
});
