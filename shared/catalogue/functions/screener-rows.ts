// What the live edition's screeners (/v2/companies/, /v2/sgx/companies/) give the functions built
// on them: one row per company with the values the query used, every page of the answer.
import { recordTable } from "../../answer/flatten";
import { dict, num, str } from "../../answer/response";
import type { Values } from "../../input/arg-spec";
import type { Loader } from "../../rows/effects";
import { pages } from "../../rows/loaders";

/** The most rows a screener call follows pages for, and the service's most per page. */
export const SCREENER_MAX_ROWS = 1000;
export const SCREENER_PAGE = 200;

/** Rows `symbol, company_name, query_values.*`; the values used are figures or names, so
 *  number-like text among them is read as a number. */
export const screenerRows = recordTable({ symbol: str, company_name: str, query_values: dict(num) });

/** Every page of the answer, up to SCREENER_MAX_ROWS (past them, said in a note). */
export const allPages: Loader = pages(() => ({ want: SCREENER_MAX_ROWS, offset: 0, upTo: true }), SCREENER_PAGE);

/** A `where` condition matching a kebab-case slug against the screener's display names:
 *  "oil-gas-coal" → `sub_sector like 'oil%gas%coal'` matches "Oil, Gas & Coal" (comparisons are
 *  case-insensitive). An assumption: the provider documents names, not slugs, for these fields. */
export const slugCondition = (field: string, slug: string): string => `${field} like '${slug.replace(/[^a-z0-9]+/gi, "%")}'`;

/** The screener's query for conditions on the arguments, with the values used shown. */
export const screenerQuery = (where: string, extra: Values = {}): Values => ({ where, include_query_values: "true", ...extra });
