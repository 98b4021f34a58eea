/// <reference types="custom-functions-runtime" />
/// <reference types="office-js" />
// =MDQ.COMPANY in an Excel that takes data types from custom functions (CustomFunctionsRuntime 1.4,
// as for formatted dates): one entity per company (company-card.ts), a range of tickers giving an
// entity in each of its cells, a company that fails its cell's error with the core's sentence.
// Elsewhere, and where the options ask for a table (explain=true, fields=, orient=...), the
// formula is COMPANY's `field, value` table like any other function's (undefined here).
import { type CellValue, flattenRange, isBlank, MAX_BATCH_KEYS, MdqError, type Scalar, unwrapCell } from "../../shared";
import { cardFields, companyEntity, type NumberType } from "./company-card";
import { formattedType, type Requirements, showsDates } from "./dates";
import { toExcelError } from "./errors";
import type { Runtime } from "./runtime";

/** The options a card keeps: none, or `refresh=` (which only asks again). Anything else shapes a
 *  table: the card gives way to it. */
function cardOptions(options: CellValue): string | undefined {
  const cell = unwrapCell(options);
  if (isBlank(cell)) return "";
  if (typeof cell !== "string" || !/^\s*refresh\s*=[^;=]*;?\s*$/i.test(cell)) return undefined;
  return cell.trim();
}

type CardCell = Excel.EntityCellValue | CustomFunctions.Error | string;

/** The cells of =MDQ.COMPANY as entities, or undefined where the formula is a table. */
export async function companyCards(
  runtime: Runtime,
  args: readonly CellValue[],
  requirements: Requirements | undefined,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<CardCell[][] | undefined> {
  if (!showsDates(requirements)) return undefined;
  const options = cardOptions(args[1]);
  if (options === undefined) return undefined;
  const range: Scalar[][] = Array.isArray(args[0]) ? (args[0] as Scalar[][]) : [[args[0] as Scalar]];
  const keys = flattenRange(range);
  if (keys.length > MAX_BATCH_KEYS)
    throw new MdqError(
      "bad_argument",
      `'ticker' names ${keys.length} companies, more than the ${MAX_BATCH_KEYS} one call takes (no request was sent): split the range over several formulas of at most ${MAX_BATCH_KEYS}.`,
    );
  const numbers: NumberType = formattedType(requirements);
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  const card = async (key: Scalar): Promise<CardCell> => {
    const result = await runtime.run("COMPANY", [key, options], controller.signal);
    // The `field, value` rows under their header (headers=false would drop the names too).
    const rows = result.cells.slice(1) as Parameters<typeof companyEntity>[0];
    // The card's fields come with COMPANY's row, here since the call ran (the engine holds no copy).
    return companyEntity(rows, result.fetchedAt, numbers, await cardFields());
  };
  // One company: its error is the formula's. A range: each cell its own, a blank one blank.
  if (range.length === 1 && range[0].length === 1) return [[await card(range[0][0])]];
  return Promise.all(
    range.map((row) =>
      Promise.all(row.map((key) => (isBlank(key) ? Promise.resolve("") : card(key).catch((e: unknown): CardCell => toExcelError(e))))),
    ),
  );
}
