// GENERATED FILE, DO NOT EDIT: made from the catalogue in shared/ (npm run generate)
// Google Sheets custom functions: one per catalogue function, then the MDQ menu.

/**
 * Insider transaction filings of IDX companies, most recent first.
 *
 * Example: =MDQ_FILINGS("BBCA", "2024-01-01", "2024-12-31")
 *
 * @param {string|Array<Array<string>>} tickers Optional. IDX tickers, a comma list or a range (BBCA, BBCA.JK and bbca are the same); blank for all. Must be a comma list or range of 4-letter IDX tickers such as BBCA,TLKM.
 * @param {string|Date} start Optional. First day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, transaction_type, n, page, page_size, holder_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per filing, the service's fields in order; `price_transaction.prices` and `price_transaction.amount_transacted` joined with ", "; `price` and `transaction_value` as numbers.
 * @customfunction
 */
function MDQ_FILINGS(tickers, start, end, options) {
  return MdqSheets.run("FILINGS", Array.prototype.slice.call(arguments));
}

/**
 * News articles on IDX companies (or, live edition, mining news by commodity), most recent first.
 *
 * Example: =MDQ_NEWS("TLKM")
 *
 * @param {string|Array<Array<string>>} tickers Optional. IDX tickers, a comma list or a range (BBCA, BBCA.JK and bbca are the same); blank for all. Must be a comma list or range of 4-letter IDX tickers such as BBCA,TLKM.
 * @param {string|Date} start Optional. First day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, n, page, page_size, keyword, extension, commodity_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per article; `sub_sector`, `tags`, `tickers` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.
 * @customfunction
 */
function MDQ_NEWS(tickers, start, end, options) {
  return MdqSheets.run("NEWS", Array.prototype.slice.call(arguments));
}

/**
 * IDX companies of a sub-sector (or sub-industry), sorted by a metric.
 *
 * Example: =MDQ_COMPANIES("banks", "market_cap", true)
 *
 * @param {string} sub_sector Optional. Sub-sector slug, e.g. banks (see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param {string} sort_by Optional. Sort key (default symbol). One of: symbol, company_name, market_cap, dividend_yield, total_dividend, revenue, earnings, pb, pe, ps.
 * @param {boolean} desc Optional. TRUE for descending (default FALSE). Must be TRUE or FALSE.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: sub_industry, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, company_name, sorted_by` (`sorted_by` is the value of the sort key).
 * @customfunction
 */
function MDQ_COMPANIES(sub_sector, sort_by, desc, options) {
  return MdqSheets.run("COMPANIES", Array.prototype.slice.call(arguments));
}

/**
 * Quarterly financial statements of an IDX company, as a statement (one column per quarter).
 *
 * Example: =MDQ_QUARTERLY("BBCA", 4)
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {number} n_quarters Optional. The N latest consecutive quarters; overrides report_date and approx. Must be a whole number from 1 to 100.
 * @param {string|Date} report_date Optional. Report date; blank for the latest. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {boolean} approx Optional. TRUE (default): the closest report date; FALSE: only an exact match. Must be TRUE or FALSE.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Statement layout: first column the field names (`date` first, then `symbol`, the income statement, balance sheet and cash flow fields, bank metrics as `financials_sector_metrics.*`), then one column per quarter, oldest on the left. A field blank in every quarter shown, one the company's template never fills (a bank's `cost_of_revenue`, `gross_profit`, `premium_income`), is left out, so a bank's statement has fewer rows than others': `all=true` shows every field, blank ones included; a field with a value (0 included) in any quarter, and a field named in `fields=`, is always shown. `orient=rows` gives one row per quarter.
 * @customfunction
 */
function MDQ_QUARTERLY(ticker, n_quarters, report_date, approx, options) {
  return MdqSheets.run("QUARTERLY", Array.prototype.slice.call(arguments));
}

/**
 * Revenue segments of an IDX company for one financial year (a source → target flow).
 *
 * Example: =MDQ_SEGMENTS("BBCA")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {number} financial_year Optional. Financial year, e.g. 2024; blank for the latest. Must be a year such as 2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Rows `symbol, financial_year, source, target, value`, one per revenue flow.
 * @customfunction
 */
function MDQ_SEGMENTS(ticker, financial_year, options) {
  return MdqSheets.run("SEGMENTS", Array.prototype.slice.call(arguments));
}

/**
 * Report of an IDX company: overview, valuation, forecasts, peers, financials, dividends, management, ownership.
 *
 * Example: =MDQ_COMPANY_REPORT("BBCA", "overview,valuation")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Array<Array<string>>} sections Optional. Parts of the report, a comma list (default all; the provider bills one credit per section). One of: overview, valuation, future, peers, financials, dividend, management, ownership.
 * @param {string} table Optional. One list of the report as rows of its own (default: the report as field, value rows). One of: historical_valuation, historical_financials, historical_financial_ratio, historical_eps, historical_dividends, value_forecasts, growth_forecasts, key_executives, executives_shareholdings, major_shareholders, institutional_transaction_flow, peers.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table: `symbol`, `company_name`, then each section's fields with dotted names (`overview.market_cap`, `dividend.yield_ttm`); yearly and dated lists by their year or date (`valuation.historical_valuation.2022.pe`), people and peers by name or symbol; lists of values joined with ", ". With `table`, that list as rows: `major_shareholders` (name, share_percentage, ...), `historical_financials` (one row per year), `historical_dividends` (one row per payment: `year`, `breakdown.date`, `breakdown.total`, `breakdown.yield`, then the totals of its year), `key_executives`, `peers` (one row per company, its scores by name: `point_summaries.value.point`), ...; a list inside a row gives rows of its own, a list inside the report is keyed by its year, date, name or place; only its section is asked of the service. In the yearly statements (`historical_financials`, `historical_financial_ratio`, `historical_valuation`) a field blank in every year, one the company's template never fills (a bank's `cost_of_revenue`, a non-bank's loans), is left out unless `all=true`.
 * @customfunction
 */
function MDQ_COMPANY_REPORT(ticker, sections, table, options) {
  return MdqSheets.run("COMPANY_REPORT", Array.prototype.slice.call(arguments));
}

/**
 * Daily close, volume and market cap of an IDX company, any window up to 10 years (from 2019-01-02).
 *
 * Example: =MDQ_DAILY("BBCA", "2024-01-01", "2024-03-29")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, date, close, volume, market_cap`, one row per trading day. Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once. A window starting before 2019-01-02, the service's first day, starts there, with a note (a last row in Excel and Sheets, unless `notes=false`; stderr on the command line).
 * @customfunction
 */
function MDQ_DAILY(ticker, start, end, options) {
  return MdqSheets.run("DAILY", Array.prototype.slice.call(arguments));
}

/**
 * Daily closing prices of an index, any window up to 10 years (from 2019-01-02).
 *
 * Example: =MDQ_INDEX("lq45", "2024-01-01", "2024-03-29")
 *
 * @param {string} index_code Index code, e.g. lq45 (kompas100 = media100) (required). Or a range or comma list of up to 50: one table, a block per key. One of: ftse, idx30, idxbumn20, idxesgl, idxg30, idxhidiv20, idxq30, idxv30, ihsg, jii70, media100, lq45, sminfra18, srikehati, sti, economic30, idxvesta28, kompas100.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today, or 30 days after start). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `index_code, date, price`, one row per trading day. Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once. A window starting before 2019-01-02, the service's first day, starts there, with a note (a last row in Excel and Sheets, unless `notes=false`; stderr on the command line).
 * @customfunction
 */
function MDQ_INDEX(index_code, start, end, options) {
  return MdqSheets.run("INDEX", Array.prototype.slice.call(arguments));
}

/**
 * IDX (or SGX) companies that meet conditions, in the screener's query language, sorted.
 *
 * Example: =MDQ_SCREENER("sub_sector = 'Banks'", "-market_cap", "", "limit=5")
 *
 * @param {string} where Optional. Conditions, e.g. "sub_sector = 'Banks' and market_cap > 100000000000000" (fields, operators and yearly fields such as revenue[2024]: see docs/functions.md). Must be text of at most 1,000 characters in the screener's query language.
 * @param {string} order_by Optional. The field to sort by, - first for descending, e.g. -market_cap (default symbol). Must be text of at most 1,000 characters in the screener's query language.
 * @param {string} market Optional. Idx (default) or sgx: which exchange's companies. One of: idx, sgx.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: desc, limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, company_name`, then the values the query used (`query_values.market_cap`, `query_values.sub_sector`, ...).
 * @customfunction
 */
function MDQ_SCREENER(where, order_by, market, options) {
  return MdqSheets.run("SCREENER", Array.prototype.slice.call(arguments));
}

/**
 * Companies that answer a question in plain words, e.g. "top 5 banks by market cap" (the provider translates it into a screen).
 *
 * Example: =MDQ_SCREENER_NL("top 5 banks by market cap")
 *
 * @param {string} question The question, e.g. "top 10 consumer companies by revenue in 2024" (required). Must be text of at most 1,000 characters in the screener's query language.
 * @param {string} market Optional. Idx (default) or sgx: which exchange's companies. One of: idx, sgx.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, company_name`, then the values the translated screen used (`query_values.*`). One page: the question sets how many. SCREENER with the same conditions reruns it exactly.
 * @customfunction
 */
function MDQ_SCREENER_NL(question, market, options) {
  return MdqSheets.run("SCREENER_NL", Array.prototype.slice.call(arguments));
}

/**
 * Free float of IDX companies (the public's share), highest first, for one sub-sector, sector, industry or sub-industry.
 *
 * Example: =MDQ_FREE_FLOAT("banks")
 *
 * @param {string} sub_sector Optional. Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: sector, industry, sub_industry, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, company_name, free_float` (a fraction: 0.45 is 45%), free float descending. The provider bills one credit per 100 companies.
 * @customfunction
 */
function MDQ_FREE_FLOAT(sub_sector, options) {
  return MdqSheets.run("FREE_FLOAT", Array.prototype.slice.call(arguments));
}

/**
 * Report of an IDX sub-sector: statistics, market cap, stability, valuation, growth and its top companies.
 *
 * Example: =MDQ_SUBSECTOR_REPORT("banks", "statistics,valuation")
 *
 * @param {string} sub_sector Sub-sector slug, e.g. banks (see LIST("subsectors")) (required). Must be a name such as banks or oil-gas-coal.
 * @param {string|Array<Array<string>>} sections Optional. Parts of the report, a comma list (default all; the provider bills one credit per section). One of: statistics, market_cap, stability, valuation, growth, companies.
 * @param {string} table Optional. One list of the report as rows of its own (default: the report as field, value rows). One of: historical_valuation, growth, growth_forecasts, top_mcap, top_growth, top_profit, top_revenue, top_change_companies.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table (`statistics.filtered_median_pe`, `market_cap.total_market_cap`, `valuation.historical_valuation.2026.pe`, `companies.top_companies.top_mcap.BBCA.JK.market_cap`, ...). With `table`: `historical_valuation`, `growth` or `growth_forecasts` (one row per year), `top_mcap`, `top_growth`, `top_profit`, `top_revenue` or `top_change_companies` (one row per company).
 * @customfunction
 */
function MDQ_SUBSECTOR_REPORT(sub_sector, sections, table, options) {
  return MdqSheets.run("SUBSECTOR_REPORT", Array.prototype.slice.call(arguments));
}

/**
 * Total market capitalisation of the IDX per trading day, any window up to 10 years (from 2021-01-01).
 *
 * Example: =MDQ_IDX_TOTAL("2025-05-01", "2025-05-30")
 *
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `date, idx_total_market_cap`, one row per trading day. Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once. A window starting before 2021-01-01, the service's first day, starts there, with a note (a last row in Excel and Sheets, unless `notes=false`; stderr on the command line).
 * @customfunction
 */
function MDQ_IDX_TOTAL(start, end, options) {
  return MdqSheets.run("IDX_TOTAL", Array.prototype.slice.call(arguments));
}

/**
 * The most traded IDX stocks of each trading day, by volume (or by value).
 *
 * Example: =MDQ_MOST_TRADED("2025-06-02", "2025-06-06")
 *
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string} sub_sector Optional. Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: adjusted, n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `date, rank, symbol, company_name, volume, price`, days ascending. The provider bills two credits a request. Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.
 * @customfunction
 */
function MDQ_MOST_TRADED(start, end, sub_sector, options) {
  return MdqSheets.run("MOST_TRADED", Array.prototype.slice.call(arguments));
}

/**
 * Top gainers and losers of the IDX over 1, 7, 14, 30 or 365 days.
 *
 * Example: =MDQ_TOP_CHANGES("top_gainers", "7d,30d")
 *
 * @param {string|Array<Array<string>>} classifications Optional. Top_gainers, top_losers or both (default both). One of: top_gainers, top_losers.
 * @param {string|Array<Array<string>>} periods Optional. Periods, a comma list (default all five). One of: 1d, 7d, 14d, 30d, 365d.
 * @param {string} sub_sector Optional. Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n_stock, min_mcap_billion, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `classification, period, rank, symbol, name, price_change, last_close_price, latest_close_date`. The provider bills one credit per classification and period: ask for the ones you need.
 * @customfunction
 */
function MDQ_TOP_CHANGES(classifications, periods, sub_sector, options) {
  return MdqSheets.run("TOP_CHANGES", Array.prototype.slice.call(arguments));
}

/**
 * An IDX company's IPO and its price change since listing (after 7, 30, 90 and 365 days).
 *
 * Example: =MDQ_LISTING_PERFORMANCE("GOTO")
 *
 * @param {string} ticker IDX ticker of a company listed after May 2005, e.g. GOTO (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table: `symbol`, `chg_7d`, `chg_30d`, `chg_90d`, `chg_365d`, `company_name`, the offering (`shares_offered`, `offering_price`, book-building dates and bounds) and links.
 * @customfunction
 */
function MDQ_LISTING_PERFORMANCE(ticker, options) {
  return MdqSheets.run("LISTING_PERFORMANCE", Array.prototype.slice.call(arguments));
}

/**
 * What each broker bought and sold of an IDX company, day by day, any window up to a year.
 *
 * Example: =MDQ_BROKER_SUMMARY("BBCA", "2025-06-16", "2025-06-27")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Date} start Optional. First day of the window (default: 14 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: broker_code, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `date, broker_code, bfreq, blot, bval, bavg_per_share, sfreq, slot, sval, savg_per_share, nlot, nval, navg_per_share` (b: bought, s: sold, n: net; freq: trades, lot: lots, val: IDR, avg: per share). Any window up to 366 days: one longer than the service's 14 days is fetched as 14-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.
 * @customfunction
 */
function MDQ_BROKER_SUMMARY(ticker, start, end, options) {
  return MdqSheets.run("BROKER_SUMMARY", Array.prototype.slice.call(arguments));
}

/**
 * The brokers that bought most (net) and sold most of an IDX company over a window of up to 90 days.
 *
 * Example: =MDQ_BROKER_SUMMARY_TOP("BBCA", "2025-06-02", "2025-06-27")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n_brokers, cohort, origin, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `side, rank, broker_code, net_idr, buy_idr, sell_idr`: the `buyer` side (largest net buying first), then `seller` (largest net selling first). A window of at most 90 days; the provider bills two credits a request.
 * @customfunction
 */
function MDQ_BROKER_SUMMARY_TOP(ticker, start, end, options) {
  return MdqSheets.run("BROKER_SUMMARY_TOP", Array.prototype.slice.call(arguments));
}

/**
 * Net buying by foreign brokers of an IDX company per trading day, in IDR, any window up to 10 years.
 *
 * Example: =MDQ_FOREIGN_FLOW("BBCA", "2025-06-02", "2025-06-27")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, date, net_foreign_inflow` (positive: foreign brokers bought more than they sold; domestic flow is the opposite). Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.
 * @customfunction
 */
function MDQ_FOREIGN_FLOW(ticker, start, end, options) {
  return MdqSheets.run("FOREIGN_FLOW", Array.prototype.slice.call(arguments));
}

/**
 * Corporate actions of an IDX company: dividends, stock splits, rights issues, warrants, bonus shares, AGMs.
 *
 * Example: =MDQ_CORPORATE_ACTIONS("BBCA", "dividend")
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string} kind Optional. One kind of action (default all). One of: agm, bonus, warrant, dividend, right_issue, stock_split, upcoming_dividend.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per action: `action` (agm, dividend, stock_split, ...), then its fields (`ex_date`, `payment_date`, `dividend_amount`, `split_ratio`, `agm_date`, ...); with `kind`, only that kind and its fields.
 * @customfunction
 */
function MDQ_CORPORATE_ACTIONS(ticker, kind, options) {
  return MdqSheets.run("CORPORATE_ACTIONS", Array.prototype.slice.call(arguments));
}

/**
 * Who holds an IDX company, month by month: local and foreign insurers, funds, companies, individuals, ...
 *
 * Example: =MDQ_SHAREHOLDERS("BBCA", 2025)
 *
 * @param {string} ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {number} year Optional. Calendar year, from 2021 (default the current year). Must be a year such as 2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Statement layout: the categories down the first column (`date`, `shares_number`, `insurance_l` ... `total_l` for local holders, `insurance_f` ... `total_f` for foreign ones, `numbers_of_shareholders`, `change_in_shareholders`), one column per month, oldest on the left. `orient=rows` gives one row per month.
 * @customfunction
 */
function MDQ_SHAREHOLDERS(ticker, year, options) {
  return MdqSheets.run("SHAREHOLDERS", Array.prototype.slice.call(arguments));
}

/**
 * Every IDX ticker's closing price on one trading day, by symbol.
 *
 * Example: =MDQ_MARKET_CLOSE("2025-06-26", "limit=5")
 *
 * @param {string|Date} date Optional. The trading day (default: the latest with data); not in the future. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, date, close` (as DAILY gives them), by symbol; a ticker with no close that day is left out. `limit=` rows from `offset=` (default the first 20): one request, and one credit, per 30 rows, so the whole list (`limit=1000`) is up to 34 credits.
 * @customfunction
 */
function MDQ_MARKET_CLOSE(date, options) {
  return MdqSheets.run("MARKET_CLOSE", Array.prototype.slice.call(arguments));
}

/**
 * Each IDX company's latest reported quarter, or only those whose latest quarter ends on or after a date.
 *
 * Example: =MDQ_REPORTED_SINCE("2025-01-01", "", "limit=5")
 *
 * @param {string|Date} since Optional. Only companies whose latest quarter ends on or after this day (poll with the last date seen). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {number} year Optional. Each company's latest quarter within this year. Must be a year such as 2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, date, quarter` (the quarter's last day and its label, e.g. q2), by symbol; a company with no quarter is left out. `limit=` rows from `offset=` (default the first 20): one request, and one credit, per 30 rows, so the whole list (`limit=1000`) is up to 34 credits.
 * @customfunction
 */
function MDQ_REPORTED_SINCE(since, year, options) {
  return MdqSheets.run("REPORTED_SINCE", Array.prototype.slice.call(arguments));
}

/**
 * Trading suspensions of IDX stocks: the day, the exchange's reason and its notice.
 *
 * Example: =MDQ_SUSPENSIONS("", "2025-01-01", "2025-06-27")
 *
 * @param {string} ticker Optional. One company's suspensions, e.g. BBCA (default all). Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param {string|Date} start Optional. First day of the suspensions (default: no bound). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the suspensions (default: no bound); not in the future. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, suspension_date, reason, pdf_url` (the exchange's notice), in the service's order. `limit=` rows from `offset=` (default the first 20): one request, and one credit, per 30 rows, so the whole list (`limit=1000`) is up to 34 credits.
 * @customfunction
 */
function MDQ_SUSPENSIONS(ticker, start, end, options) {
  return MdqSheets.run("SUSPENSIONS", Array.prototype.slice.call(arguments));
}

/**
 * The IDX's exchange-member brokers: code, name, foreign or domestic, clientele and license.
 *
 * Example: =MDQ_BROKERS("", "foreign")
 *
 * @param {string} cohort Optional. The brokers' clientele: institutional, mixed, retail, unknown (default all). One of: institutional, mixed, retail, unknown.
 * @param {string} origin Optional. Domestic or foreign brokers (default both). One of: domestic, foreign.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `code, name, is_foreign, cohort, license_type`, one row per broker.
 * @customfunction
 */
function MDQ_BROKERS(cohort, origin, options) {
  return MdqSheets.run("BROKERS", Array.prototype.slice.call(arguments));
}

/**
 * The IDX's brokers ranked for one trading day by value traded (or by absolute net buying).
 *
 * Example: =MDQ_TOP_BROKERS("2025-06-26", "net", 5)
 *
 * @param {string|Date} date Optional. The trading day (default: the latest). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string} metric Optional. Gross (default: bought plus sold) or net (absolute net buying). One of: gross, net.
 * @param {number} n_brokers Optional. Brokers to return (default all) (1-90). Must be a whole number from 1 to 90.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: cohort, origin, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `date, rank, broker_code, gross, net` (IDR: gross is bought plus sold, net bought minus sold).
 * @customfunction
 */
function MDQ_TOP_BROKERS(date, metric, n_brokers, options) {
  return MdqSheets.run("TOP_BROKERS", Array.prototype.slice.call(arguments));
}

/**
 * What one broker bought and sold of each IDX stock, day by day, any window up to a year.
 *
 * Example: =MDQ_BROKER_ACTIVITY("CC", "2025-06-16", "2025-06-27")
 *
 * @param {string} broker_code A broker's 2-letter code, e.g. MG (see BROKERS()) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 2-letter IDX broker code such as MG.
 * @param {string|Date} start Optional. First day of the window (default: 14 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: ticker, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `date, symbol, bfreq, blot, bval, bavg_per_share, sfreq, slot, sval, savg_per_share, nlot, nval, navg_per_share` (as BROKER_SUMMARY's). Any window up to 366 days: one longer than the service's 14 days is fetched as 14-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.
 * @customfunction
 */
function MDQ_BROKER_ACTIVITY(broker_code, start, end, options) {
  return MdqSheets.run("BROKER_ACTIVITY", Array.prototype.slice.call(arguments));
}

/**
 * The stocks one broker bought most (net) and sold most over a window of up to 90 days.
 *
 * Example: =MDQ_BROKER_ACTIVITY_TOP("CC", "2025-06-02", "2025-06-27")
 *
 * @param {string} broker_code A broker's 2-letter code, e.g. MG (see BROKERS()) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 2-letter IDX broker code such as MG.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n_brokers, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `side, rank, symbol, net_idr, buy_idr, sell_idr`: the `accumulation` side (largest net buying first), then `distribution` (largest net selling first). A window of at most 90 days; the provider bills two credits a request.
 * @customfunction
 */
function MDQ_BROKER_ACTIVITY_TOP(broker_code, start, end, options) {
  return MdqSheets.run("BROKER_ACTIVITY_TOP", Array.prototype.slice.call(arguments));
}

/**
 * SGX companies of one sector.
 *
 * Example: =MDQ_SGX_COMPANIES("financial-services")
 *
 * @param {string} sector SGX sector slug, e.g. financial-services (see LIST("sgx_sectors")) (required). Must be a name such as banks or oil-gas-coal.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, company_name`.
 * @customfunction
 */
function MDQ_SGX_COMPANIES(sector, options) {
  return MdqSheets.run("SGX_COMPANIES", Array.prototype.slice.call(arguments));
}

/**
 * Report of an SGX company: overview, valuation, financials, dividend.
 *
 * Example: =MDQ_SGX_REPORT("D05", "overview,valuation")
 *
 * @param {string} symbol SGX symbol in quotes, e.g. "D05" (D05 unquoted is a cell) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param {string|Array<Array<string>>} sections Optional. Parts of the report, a comma list (default all; the provider bills one credit per section). One of: overview, valuation, financials, dividend.
 * @param {string} table Optional. One list of the report as rows of its own (default: the report as field, value rows). One of: historical_financials, historical_dividends.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table (`overview.market_cap`, `valuation.pe`, `financials.historical_financials.2025.revenue`, `dividend.payout_ratio`, ...). With `table`: `historical_financials` (one row per year, the statement metrics dotted; a field blank in every year, one the company's template never fills, is left out unless `all=true`) or `historical_dividends` (one row per payment: `year`, `breakdown.date`, `breakdown.total`, `breakdown.yield`, then the year's totals).
 * @customfunction
 */
function MDQ_SGX_REPORT(symbol, sections, table, options) {
  return MdqSheets.run("SGX_REPORT", Array.prototype.slice.call(arguments));
}

/**
 * Top-ranked SGX companies per classification (dividend yield, revenue, earnings, market cap, P/E).
 *
 * Example: =MDQ_SGX_TOP("market_cap,pe")
 *
 * @param {string|Array<Array<string>>} classifications Optional. Rankings to return, a comma list (default all; the provider bills one credit each). One of: dividend_yield, revenue, earnings, market_cap, pe.
 * @param {string} sector Optional. SGX sector slug, e.g. financial-services (default all; see LIST("sgx_sectors")). Must be a name such as banks or oil-gas-coal.
 * @param {number} min_mcap_million Optional. Minimum market cap in million SGD (default 1000). Must be a whole number from 0 to 100000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, `revenue`, `earnings`, `market_cap` or `pe`).
 * @customfunction
 */
function MDQ_SGX_TOP(classifications, sector, min_mcap_million, options) {
  return MdqSheets.run("SGX_TOP", Array.prototype.slice.call(arguments));
}

/**
 * Daily close and volume of an SGX company, any window up to 10 years.
 *
 * Example: =MDQ_SGX_DAILY("D05", "2025-05-01", "2025-05-30")
 *
 * @param {string} symbol SGX symbol in quotes, e.g. "D05" (D05 unquoted is a cell) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param {string|Date} start Optional. First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, date, close, volume`, one row per trading day. Any window up to 10 years: one longer than the service's 90 days is fetched as 90-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.
 * @customfunction
 */
function MDQ_SGX_DAILY(symbol, start, end, options) {
  return MdqSheets.run("SGX_DAILY", Array.prototype.slice.call(arguments));
}

/**
 * Insider and substantial-shareholder transactions in SGX companies, most recent first.
 *
 * Example: =MDQ_SGX_FILINGS("D05")
 *
 * @param {string} symbol Optional. SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param {string|Date} start Optional. First day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: transaction_type, holder_type, n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per filing: `symbol, timestamp` (the filing date), `transaction_type, holder_name, holder_type, holding_before, holding_after, amount_transaction, transaction_value, price_per_share` (SGD) and the holder's `share_percentage_before`, `_after` and `_transaction`.
 * @customfunction
 */
function MDQ_SGX_FILINGS(symbol, start, end, options) {
  return MdqSheets.run("SGX_FILINGS", Array.prototype.slice.call(arguments));
}

/**
 * News articles on SGX companies, most recent first.
 *
 * Example: =MDQ_SGX_NEWS("D05")
 *
 * @param {string|Array<Array<string>>} symbols Optional. SGX symbols, a comma list or a range (D05 and d05.si are the same); blank for all. Must be a comma list or range of SGX symbols such as D05,U11.
 * @param {string|Date} start Optional. First day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per article: `title, body, source, timestamp, sector`; `sub_sector`, `tags` and `symbols` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.
 * @customfunction
 */
function MDQ_SGX_NEWS(symbols, start, end, options) {
  return MdqSheets.run("SGX_NEWS", Array.prototype.slice.call(arguments));
}

/**
 * Daily short sales of SGX companies: shares and value, most recent first.
 *
 * Example: =MDQ_SGX_SHORT_SELL("D05")
 *
 * @param {string} symbol Optional. SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param {string|Date} start Optional. First day of the period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per company and day: `name` (the counter as the exchange names it), `symbol, date, volume` (shares) and `value` (SGD).
 * @customfunction
 */
function MDQ_SGX_SHORT_SELL(symbol, start, end, options) {
  return MdqSheets.run("SGX_SHORT_SELL", Array.prototype.slice.call(arguments));
}

/**
 * Share buybacks of SGX companies under their mandates, most recent first.
 *
 * Example: =MDQ_SGX_BUYBACKS("U11")
 *
 * @param {string} symbol Optional. SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param {string|Date} start Optional. First day of the purchase period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Date} end Optional. Last day of the purchase period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per purchase: `symbol, purchase_date, type`, the price range as `price_per_share.lowest` and `.highest` (SGD), `total_value, total_shares_purchased, treasury_shares_after_purchase`, and the mandate's fields dotted (`mandate.mandate_start`, `mandate.mandate_total`, `mandate.cumulative_purchased`, ...).
 * @customfunction
 */
function MDQ_SGX_BUYBACKS(symbol, start, end, options) {
  return MdqSheets.run("SGX_BUYBACKS", Array.prototype.slice.call(arguments));
}

/**
 * Report of a KLSE (Bursa Malaysia) company: overview, valuation, financials, dividend.
 *
 * Example: =MDQ_KLSE_REPORT("1155", "valuation")
 *
 * @param {string} ticker 4-digit KLSE stock code, e.g. 1155 (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-digit KLSE stock code such as 1155.
 * @param {string} section Optional. Part of the report (default all). One of: overview, valuation, financials, dividend, historical_earnings, historical_revenue, all.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table (`overview.market_cap`, `valuation.pe`, `financials.historical_earnings.2023`, `dividend.payout_ratio`, ...); `section` keeps `symbol`, `name` and one part. The historical sections give rows `period, earnings` or `period, revenue`: the years in the service's order (ascending in the live edition), then TTM.
 * @customfunction
 */
function MDQ_KLSE_REPORT(ticker, section, options) {
  return MdqSheets.run("KLSE_REPORT", Array.prototype.slice.call(arguments));
}

/**
 * Top-ranked KLSE companies per classification (dividend yield, revenue, earnings, market cap, P/E).
 *
 * Example: =MDQ_KLSE_TOP("pe")
 *
 * @param {string|Array<Array<string>>} classifications Optional. Rankings to return, a comma list (default all; the provider bills one credit each). One of: dividend_yield, revenue, earnings, market_cap, pe.
 * @param {string} sector Optional. KLSE sector slug, e.g. finance (default all; see LIST("klse_sectors")). Must be a name such as banks or oil-gas-coal.
 * @param {number} min_mcap_million Optional. Minimum market cap in million MYR (default 1000). Must be a whole number from 0 to 100000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, or `dividend_yield` where the service names it so, `revenue`, `earnings`, `market_cap` or `pe`).
 * @customfunction
 */
function MDQ_KLSE_TOP(classifications, sector, min_mcap_million, options) {
  return MdqSheets.run("KLSE_TOP", Array.prototype.slice.call(arguments));
}

/**
 * Indonesian mining companies, searchable by keyword and commodity.
 *
 * Example: =MDQ_MINING_COMPANIES("", "Coal", 10)
 *
 * @param {string} keyword Optional. Matches company name, ticker or key operation. Must be text of at most 100 characters.
 * @param {string} commodity Optional. Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Aluminium, Coal, Copper, Gold, Nickel, Silver, Zinc and Lead.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {number} offset Optional. Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: company_type, has_financials, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `id, name, idx_ticker, company_type, key_operation`; `id` (or the ticker) is what MINING_COMPANY and MINING_PERFORMANCE take.
 * @customfunction
 */
function MDQ_MINING_COMPANIES(keyword, commodity, limit, offset, options) {
  return MdqSheets.run("MINING_COMPANIES", Array.prototype.slice.call(arguments));
}

/**
 * Mineral companies, searchable by keyword and commodity (no offset).
 *
 * Example: =MDQ_MINERAL_COMPANIES("", "Nickel")
 *
 * @param {string} keyword Optional. Matches company name, ticker or key operation. Must be text of at most 100 characters.
 * @param {string} commodity Optional. Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Aluminium, Coal, Copper, Gold, Nickel, Silver, Zinc and Lead.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `id, name, idx_ticker, company_type, key_operation`.
 * @customfunction
 */
function MDQ_MINERAL_COMPANIES(keyword, commodity, limit, options) {
  return MdqSheets.run("MINERAL_COMPANIES", Array.prototype.slice.call(arguments));
}

/**
 * Profile of one mining company: operations, contacts, licenses and counts.
 *
 * Example: =MDQ_MINING_COMPANY("ADRO")
 *
 * @param {string} company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table; `activities` and `commodity` joined with ", "; each license's and contract's fields by its place in the list (`mining_license.1.license_number`, `mining_contract.1.contract_type`); `aggregates.mining_site_count`, `aggregates.mining_license_count`.
 * @customfunction
 */
function MDQ_MINING_COMPANY(company, options) {
  return MdqSheets.run("MINING_COMPANY", Array.prototype.slice.call(arguments));
}

/**
 * Yearly financials of a listed mining company, with revenue and cost breakdowns.
 *
 * Example: =MDQ_MINING_FINANCIALS("ITMG", "2023,2024")
 *
 * @param {string} company The mining company, by IDX ticker (slugs too in the live edition) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param {string|Array<Array<string>>} years Optional. Years, a comma list or a range (blank for all years). Must be a comma list or range of years such as 2023,2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per year; each category of `revenue_breakdown` and `cost_of_revenue_breakdown` is a column (`revenue_breakdown.Coal`, ...; the union over the years).
 * @customfunction
 */
function MDQ_MINING_FINANCIALS(company, years, options) {
  return MdqSheets.run("MINING_FINANCIALS", Array.prototype.slice.call(arguments));
}

/**
 * Yearly production of a mining company per commodity.
 *
 * Example: =MDQ_MINING_PERFORMANCE("ADRO")
 *
 * @param {string} company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param {string|Array<Array<string>>} years Optional. Years, a comma list or a range (blank for all years). Must be a comma list or range of years such as 2023,2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: commodity_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `year, commodity_type, commodity_sub_type, commodity_stats.unit, commodity_stats.production_volume`.
 * @customfunction
 */
function MDQ_MINING_PERFORMANCE(company, years, options) {
  return MdqSheets.run("MINING_PERFORMANCE", Array.prototype.slice.call(arguments));
}

/**
 * Who owns a mining company and what it owns, with the percentage of each stake.
 *
 * Example: =MDQ_MINING_OWNERSHIP("ADRO")
 *
 * @param {string} company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per stake: `relation` (`parent`: a company that owns it, `subsidiary`: one it owns), `name, slug, symbol, percentage_ownership`.
 * @customfunction
 */
function MDQ_MINING_OWNERSHIP(company, options) {
  return MdqSheets.run("MINING_OWNERSHIP", Array.prototype.slice.call(arguments));
}

/**
 * Mining service contracts: which contractor works for which mine owner, until when.
 *
 * Example: =MDQ_MINING_CONTRACTS()
 *
 * @param {string} contractor Optional. The contractor's slug or name (MINING_COMPANIES lists them). Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param {string} mine_owner Optional. The mine owner's slug or name. Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `mine_owner_slug, mine_owner_name, contractor_slug, contractor_name, contract_period_end`.
 * @customfunction
 */
function MDQ_MINING_CONTRACTS(contractor, mine_owner, options) {
  return MdqSheets.run("MINING_CONTRACTS", Array.prototype.slice.call(arguments));
}

/**
 * Mining licenses (IUP) by province and commodity; optionally those expiring within a year.
 *
 * Example: =MDQ_MINING_LICENSES("Kalimantan Timur", "Coal", "", 10)
 *
 * @param {string} province Optional. Province, e.g. Kalimantan Timur. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Aceh, Bali, Banten, Bengkulu, Gorontalo, Jambi, Jawa Barat, Jawa Tengah, Jawa Timur, Kalimantan Barat, Kalimantan Selatan, Kalimantan Tengah, "Kalimantan Tengah, Kalimantan Timur", Kalimantan Timur, Kalimantan Utara, Kepulauan Bangka Belitung, Kepulauan Riau, Lampung, Maluku, Maluku Utara, Nusa Tenggara Barat, Nusa Tenggara Timur, Papua, Papua Barat, Papua Barat Daya, Papua Tengah, Riau, Sulawesi Barat, Sulawesi Selatan, Sulawesi Tengah, "Sulawesi Tengah, Gorontalo, Sulawesi Utara", Sulawesi Tenggara, Sulawesi Utara, Sumatera Barat, Sumatera Selatan, Sumatera Utara, Yogyakarta.
 * @param {string} commodity Optional. Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Bauxite, Clay, Coal, Copper, Gold, Granite, Iron, Limestone, Nickel, Non-Metallic Mineral, Others, Sand, "Sand, Stone, Gravel", Tin.
 * @param {boolean} expiring_soon Optional. TRUE: only licenses expiring within 365 days. Must be TRUE or FALSE.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {number} offset Optional. Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: company, license_type, activity, cnc, order_by, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `id, license_number, province, city, permit_expiry_date, commodity, company_name`.
 * @customfunction
 */
function MDQ_MINING_LICENSES(province, commodity, expiring_soon, limit, offset, options) {
  return MdqSheets.run("MINING_LICENSES", Array.prototype.slice.call(arguments));
}

/**
 * Mining licence (WIUP) auctions by province, commodity, status or participant.
 *
 * Example: =MDQ_LICENSE_AUCTIONS("", "Nickel", "", "", 10)
 *
 * @param {string} province Optional. Province, e.g. Sulawesi Selatan. One of: Bengkulu, Gorontalo, Kalimantan Tengah, Maluku Utara, Nusa Tenggara Barat, Sulawesi Selatan, Sulawesi Utara, Sumatera Selatan.
 * @param {string} commodity Optional. Commodity: Coal, Copper, Gold or Nickel. One of: Coal, Copper, Gold, Nickel.
 * @param {string} status Optional. Auction status, e.g. Lelang Selesai. Must be text of at most 100 characters.
 * @param {string} participant Optional. Only auctions a company of this name (or part of it) took part in. Must be text of at most 100 characters.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {number} offset Optional. Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: area_type, order_by, qualified, min_participants, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `commodity_type, city, province, company_name, winner_date, licensed_area_ha, license_number, area_type, kdi, wiup_code, auction_status, participant_count, winner, company_slug`; the `wiup_code` is what LICENSE_AUCTION takes.
 * @customfunction
 */
function MDQ_LICENSE_AUCTIONS(province, commodity, status, participant, limit, offset, options) {
  return MdqSheets.run("LICENSE_AUCTIONS", Array.prototype.slice.call(arguments));
}

/**
 * One mining licence auction: its record, its phases or its participants.
 *
 * Example: =MDQ_LICENSE_AUCTION("5551202224715742", "participants")
 *
 * @param {string} wiup_code The auction's WIUP code (LICENSE_AUCTIONS lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a WIUP code of letters and digits, such as 7302012042024001.
 * @param {string} table Optional. Auction (default: its fields as one row), phases (one row per phase) or participants (one row per company). One of: auction, phases, participants.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} `table=auction` (default): one row, the columns of LICENSE_AUCTIONS with `created_at, last_modified`; `table=phases`: one row per phase (`order, description, start_date, end_date`); `table=participants`: one row per company, with its qualification result.
 * @customfunction
 */
function MDQ_LICENSE_AUCTION(wiup_code, table, options) {
  return MdqSheets.run("LICENSE_AUCTION", Array.prototype.slice.call(arguments));
}

/**
 * Mining sites with their yearly production, by province and mineral.
 *
 * Example: =MDQ_MINING_SITES("", "Coal", "", "production", 10)
 *
 * @param {string} province Optional. Province, e.g. Kalimantan Timur. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Aceh, Banten, Gorontalo, Jambi, Jawa Timur, Kalimantan Selatan, Kalimantan Tengah, Kalimantan Timur, Kalimantan Utara, Maluku, Maluku Utara, Nusa Tenggara Barat, Papua, Papua Barat, Sulawesi Barat, Sulawesi Selatan, Sulawesi Tengah, Sulawesi Tenggara, Sulawesi Utara, Sumatera Barat, Sumatera Selatan, Sumatera Utara.
 * @param {string} mineral_type Optional. Primary mineral, e.g. Coal. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Coal, Copper, Gold, Nickel.
 * @param {number} min_production Optional. Only sites producing at least this volume. Must be a number of 0 or more.
 * @param {string} sort_by Optional. Year (default) or production, both descending (the option order_by has more). One of: year, production.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {number} offset Optional. Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: company, year, order_by, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `id, name, year, mineral_type, company_id, production_volume`.
 * @customfunction
 */
function MDQ_MINING_SITES(province, mineral_type, min_production, sort_by, limit, offset, options) {
  return MdqSheets.run("MINING_SITES", Array.prototype.slice.call(arguments));
}

/**
 * One mining site in full: latest production, resources and reserves, and location.
 *
 * Example: =MDQ_MINING_SITE("tutupan-selatan")
 *
 * @param {string} site The site's slug (MINING_SITES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per site: `name, project_name, year, commodity_type, production_volume, unit, overburden_removal_volume, strip_ratio`, each resources and reserves figure as a `resources_reserves.` column (named with its unit, as the service names it: `resources_reserves.total_reserves_Mt`), `location.province, location.city, location.latitude, location.longitude, company_slug, company_name, slug`.
 * @customfunction
 */
function MDQ_MINING_SITE(site, options) {
  return MdqSheets.run("MINING_SITE", Array.prototype.slice.call(arguments));
}

/**
 * Mineral resources and reserves of a province by year and commodity; blank province: where figures exist.
 *
 * Example: =MDQ_RESOURCES_RESERVES("Kalimantan Timur", "Coal")
 *
 * @param {string} province Optional. Province, e.g. Kalimantan Timur (blank: which provinces, commodities and years have figures). One of: Aceh, Banten, Bengkulu, Gorontalo, Jambi, Jawa Barat, Jawa Tengah, Jawa Timur, Kalimantan Barat, Kalimantan Selatan, Kalimantan Tengah, Kalimantan Timur, Kalimantan Utara, Kepulauan Bangka Belitung, Kepulauan Riau, Lampung, Maluku, Maluku Utara, Nusa Tenggara Barat, Nusa Tenggara Timur, Papua, Papua Barat, Papua Barat Daya, Papua Tengah, Riau, Sulawesi Barat, Sulawesi Selatan, Sulawesi Tengah, Sulawesi Tenggara, Sulawesi Utara, Sumatera Barat, Sumatera Selatan, Sumatera Utara.
 * @param {string} commodity Optional. Coal, Cobalt, Copper, Gold, Nickel, Silver or Tin. One of: Coal, Cobalt, Copper, Gold, Nickel, Silver, Tin.
 * @param {number} year Optional. One year, e.g. 2024 (blank: every year). Must be a year such as 2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} With a province: one row per year and commodity, newest first: `province, year, commodity_type` and each figure as the service names it, with its unit (`exploration_target_Mt`, `total_resources_Mt`, `total_reserves_Mt`, ...). With none: one row per `province, commodity_type, year` that has figures (one request, the commodity and year kept by MDQ).
 * @customfunction
 */
function MDQ_RESOURCES_RESERVES(province, commodity, year, options) {
  return MdqSheets.run("RESOURCES_RESERVES", Array.prototype.slice.call(arguments));
}

/**
 * Indonesia's yearly production of a commodity, with the change on the year before.
 *
 * Example: =MDQ_TOTAL_PRODUCTION("Coal")
 *
 * @param {string} commodity Coal, Copper, Gold or Nickel (required). One of: Coal, Copper, Gold, Nickel.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per year, newest first: `year, production_volume, prev_year_volume, unit, yoy_change_percent`.
 * @customfunction
 */
function MDQ_TOTAL_PRODUCTION(commodity, options) {
  return MdqSheets.run("TOTAL_PRODUCTION", Array.prototype.slice.call(arguments));
}

/**
 * Where Indonesia's coal, copper or gold went in a year: countries ranked by export value.
 *
 * Example: =MDQ_MINING_EXPORTS("Coal", 2024, 10)
 *
 * @param {string} commodity Coal, Copper or Gold (required). One of: Coal, Copper, Gold.
 * @param {number} year The year, e.g. 2024 (required). Must be a year such as 2024.
 * @param {number} limit Optional. Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per country, largest export value first: `country, export_usd` (USD), `export_volume_bps, export_volume_esdm` (the volume by the statistics office and by the ministry, which may differ), `volume_unit`.
 * @customfunction
 */
function MDQ_MINING_EXPORTS(commodity, year, limit, options) {
  return MdqSheets.run("MINING_EXPORTS", Array.prototype.slice.call(arguments));
}

/**
 * World production, share, reserves and trade of a commodity by country.
 *
 * Example: =MDQ_GLOBAL_COMMODITY("Nickel")
 *
 * @param {string} commodity_type Optional. Commodity, e.g. Nickel, Gold, Coal. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case). In the live edition, one of: Bauxite, Coal, Copper, Gold, Nickel.
 * @param {string} country Optional. Country, e.g. Indonesia. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per country and commodity; one column per year of `production_volume` and `production_share` (`production_volume.2023`, ...).
 * @customfunction
 */
function MDQ_GLOBAL_COMMODITY(commodity_type, country, options) {
  return MdqSheets.run("GLOBAL_COMMODITY", Array.prototype.slice.call(arguments));
}

/**
 * Where a company sells: revenue and volume by destination country and year.
 *
 * Example: =MDQ_SALES_DESTINATION("ITMG")
 *
 * @param {string} company The mining company, by IDX ticker (slugs too in the live edition) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: year, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Long rows `year, country, revenue, percentage_of_total_revenue, volume, percentage_of_sales_volume`, years ascending.
 * @customfunction
 */
function MDQ_SALES_DESTINATION(company, options) {
  return MdqSheets.run("SALES_DESTINATION", Array.prototype.slice.call(arguments));
}

/**
 * Monthly price history of a commodity (coal, gold, nickel, ...), at most three years per call.
 *
 * Example: =MDQ_COMMODITY_PRICE("Coal", 2024, 2025)
 *
 * @param {string} commodity Commodity, e.g. Coal, Gold (see LIST("commodities")) (required). Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param {number} start_year Optional. First year (default two years before end_year). Must be a year such as 2024.
 * @param {number} end_year Optional. Last year, included (default the current year). Must be a year such as 2024.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One row per month (or fortnight): `name, date` and the price, named by its unit (`price_usd_per_ton`).
 * @customfunction
 */
function MDQ_COMMODITY_PRICE(commodity, start_year, end_year, options) {
  return MdqSheets.run("COMMODITY_PRICE", Array.prototype.slice.call(arguments));
}

/**
 * One value in one cell: a company's field for a period, from the quarterly statements, the company report, daily prices, KLSE and SGX reports or the mining financials.
 *
 * Example: =MDQ_VALUE("BBCA", "revenue", "-1")
 *
 * @param {string} key The company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05); for a grid, a column of up to 50 (required). Must be a company: an IDX ticker (BBCA), a KLSE code (1155) or an SGX symbol (D05).
 * @param {string} field A field as the tables name it (revenue, close, overview.market_cap) or a ratio (net_margin, roe, ...); for a grid, a row of fields (required). Must be a field name as the tables show it, such as revenue, close or overview.market_cap.
 * @param {string} period Optional. Blank: the latest; for a grid of one field, a row of periods. Must be a fiscal quarter (2024Q4), year (FY2024) or H1, H2 or 9M of one (H1 2024), a calendar one with CY (CY2024, CY2024Q4), TTM (TTM 2024Q3), a date, or a step back (-1 the latest, -2; LAST).
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: dataset, change, late, nm, cover, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} One value, no header. The requests are the dataset's own row's, so VALUE cells share their answers with each other and with that function's cells: quarterly fields read QUARTERLY (the latest quarters, the widest a company's cells ask for when a host gathers them, and older quarters by report date; see Credits below) and LIST quarterly_dates (the fiscal dates), daily prices DAILY (live), reports COMPANY_REPORT (live), KLSE_REPORT, SGX_REPORT (live) one section, mining financials MINING_FINANCIALS. The dataset: `dataset=` if given; else a quarterly or daily field names its own; else a `section.field` is the report of the key's market (4 digits KLSE, 3 characters SGX, else IDX). Mining financials need `dataset=mining_financials` (their `revenue` would be the quarterly one). `period`: on the daily prices and reports, a date picks the last row on or before it and -N the N-th latest; mining financials and reports have years of their own, which a year picks. In a report, the period is the segment a field's name lacks: `financials.historical_revenue` for 2023 is `financials.historical_revenue.2023`. The quarterly statements are read one way by every period, single quarters, sums, TTM, changes and ratios alike. **Quarters**: a row's `date` is the provider's report date; each row is the fiscal quarter the provider's fiscal dates label it (LIST quarterly_dates), else the quarter ended last on or before its date, so a report dated weeks after its quarter's end lands in the quarter it reports. **Restatements**: of several rows for one quarter the latest report wins (on one date, the first the provider lists, the newest first); `explain=true` names the row and the rows it won over. **Fiscal and calendar periods**: a quarter (`2024Q3`), a year (`2024`, `FY2024`), `H1 2024`, `H2 2024` and `9M 2024` (year to date) are the company's fiscal ones, named by the calendar year the fiscal year ends in (a June year's FY2024 runs from July 2023 to June 2024); `CY2024`, `CY2024Q3`, `CY H1 2024` are calendar ones. A fiscal period asks the company's fiscal dates (1 credit, kept as long as the statements); where the provider lists none, a fiscal period is #N/A saying so (never a December year assumed), and a calendar one still answers. A grid whose companies' fiscal years end in different months says so in a note (in the cells, unless `notes=false`). `TTM` is the latest four quarters, `TTM 2024Q3` the four ending there. The statements' figures are each quarter's own (not year to date): over several quarters a flow field (income statement, cash flow, a bank's interest) is the sum of its quarters, a stock field (balance sheet, loans, deposits, shares outstanding) its value at the last quarter; a quarter missing from the statements, or a flow a quarter does not report, is #N/A naming it, never a partial sum. **Point in time**: a date as the period is, where the provider dates rows at their reports, the latest quarter reported on or before that date (its version known then: a later restatement is not seen), and a date after today is #N/A (what the company will have reported by then is not known); where rows are dated at their quarters' ends, the quarter that holds the date, exactly. A quarter missing is #N/A naming it: never another quarter in its place, never one reported after the date. **Late filers**: -N, `LAST` and `TTM` count from each company's latest quarter; in a grid, a company whose latest quarter is a quarter or more behind another's is #N/A naming the quarter it would use, so that companies are never compared on different quarters unsaid; `late=accept` uses it. **Ratios**, as fractions (0.25 is 25%): `gross_margin` = gross_profit / revenue, both summed over the period; `operating_margin` = operating_pnl / revenue, both summed over the period; `ebitda_margin` = ebitda / revenue, both summed over the period; `net_margin` = earnings / revenue, both summed over the period; `roe` = earnings summed over the period / the average of stockholders_equity at its opening (the quarter before its first) and at its close, times 4 / its quarters for a period shorter than a year (annualised); `roa` = earnings summed over the period / the average of total_assets at its opening (the quarter before its first) and at its close, times 4 / its quarters for a period shorter than a year (annualised); `debt_to_equity` = total_debt / total_equity, both at the period's last quarter. **Changes**: `change=yoy` gives a field's change against the same period a year earlier, `change=qoq` a quarter earlier (a quarter or TTM), as a fraction of the earlier value; a ratio's change is the difference in percentage points, as a fraction (0.012 is 1.2 points). A change from a negative or zero base, and a ratio over a base that is not positive, is not meaningful: #N/A starting `NM` and saying why, or the text `NM` with `nm=text`. All from the statements' own quarters. **Credits**: the provider bills each quarter returned. A cell asks for the latest N quarters in one request where they are recent, and for each older quarter by its report date (1 credit each, from the fiscal dates), whichever costs fewer credits (counted before sending; on a tie, fewer requests): `FY2021` in 2026 costs the fiscal dates and its four quarters (5 credits), not the 23 quarters since. On the daily prices (market data) a year, a quarter, `H1`, `H2` and `9M` are calendar spans, a market having no fiscal year: every trading day of the span is read, through DAILY's own windows (a year about five requests, shared with DAILY's cells), and the field combined by DAILY's `period=` rule for it (`close` the last day's, `volume` summed, `market_cap` the last day's), so `FY2024` is DAILY's yearly row of 2024; a span not over yet is combined over its days so far, one that starts before the service's first day (2019-01-02) or before the company's first trading day is an error naming that day, never a partial figure, and TTM is refused. A field the company does not report, or an empty value, is #N/A naming the field; a period outside the data is #N/A saying what the data covers. A grid: a column (or comma list) of up to 50 keys, and a row (or comma list) of up to 100 fields for one period, or of periods for one field, spill one table: a row per key, a column per field or period, the top-left cell naming what every cell shares (the period, or the field), headed unless `headers=false`. Every cell is checked before any request, and a key's cells share their requests (the latest quarters as far back as the widest cell asks, each older quarter once, the fiscal dates once), and none while cached. A cell without a value is blank, and an `error` column says why for its row; a blank key is a blank row, so the grid stays aligned with the range beside it. In the live edition the statements have no `pretax_income`, `total_cash_and_due_from_banks`, `net_income`, `capital_expenditure`, `diluted_shares_outstanding`: `pretax_income` is read as `earnings_before_tax`, `total_cash_and_due_from_banks` is read as `financials_sector_metrics.total_cash_and_due_from_banks`; the others are refused before any request, naming what to use instead. Fields of the quarterly statements (`quarterly`): `revenue`, `cost_of_revenue`, `gross_profit`, `operating_expense`, `provision`, `operating_pnl`, `non_operating_income_or_loss`, `non_interest_income`, `premium_income`, `premium_expense`, `net_premium_income`, `earnings_before_tax`, `pretax_income`, `tax`, `minorities`, `earnings`, `net_income`, `interest_expense_non_operating`, `ebit`, `ebitda`, `diluted_shares_outstanding`, `total_assets`, `total_non_current_assets`, `total_current_asset`, `total_liabilities`, `current_liabilities`, `total_non_current_liabilities`, `non_interest_bearing_liabilities`, `total_equity`, `stockholders_equity`, `total_debt`, `cash_only`, `cash_and_short_term_investments`, `total_cash_and_due_from_banks`, `non_loan_assets`, `operating_cash_flow`, `investing_cash_flow`, `financing_cash_flow`, `net_cash_flow`, `free_cash_flow`, `capital_expenditure`, `realized_capital_goods_investment`, `financials_sector_metrics.interest_income`, `financials_sector_metrics.interest_expense`, `financials_sector_metrics.net_interest_income`, `financials_sector_metrics.gross_loan`, `financials_sector_metrics.allowance_for_loans`, `financials_sector_metrics.net_loan`, `financials_sector_metrics.total_earning_assets`, `financials_sector_metrics.current_account`, `financials_sector_metrics.savings_account`, `financials_sector_metrics.time_deposit`, `financials_sector_metrics.total_deposit`, `financials_sector_metrics.other_interest_bearing_liabilities`, `financials_sector_metrics.total_cash_and_due_from_banks`, `financials_sector_metrics.non_interest_bearing_liabilities`. Fields of the daily prices (`daily`): `close`, `volume`, `market_cap`. Fields of the company report (`company_report`): `section.field` as COMPANY_REPORT shows it (sections: overview, valuation, future, peers, financials, dividend, management, ownership). Fields of the KLSE company report (`klse_report`): `section.field` as KLSE_REPORT shows it (sections: overview, valuation, financials, dividend). Fields of the SGX company report (`sgx_report`): `section.field` as SGX_REPORT shows it (sections: overview, valuation, financials, dividend). Fields of the mining financials (`mining_financials`): `assets`, `revenue`, `cost_of_revenue`, `net_profit`, `assets_usd`, `revenue_usd`, `cost_of_revenue_usd`, `net_profit_usd`.
 * @customfunction
 */
function MDQ_VALUE(key, field, period, options) {
  return MdqSheets.run("VALUE", Array.prototype.slice.call(arguments));
}

/**
 * A company at a glance: identity, trading, valuation and financials of an IDX, SGX or KLSE company; a card in Excel.
 *
 * Example: =MDQ_COMPANY("BBCA")
 *
 * @param {string} ticker The company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker, a KLSE code or an SGX symbol.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A two-column `field, value` table of the fields the company's market publishes, in the card's order (a field the market does not publish is left out, never 0); in Excel, where the host takes data types, an entity: its text the symbol and name, each field a property by its label (`=A2.[Market cap]`), a card with its sections (company, trading, valuation, financials) and the provider with the time the answers were fetched. A range of tickers gives one row per company (one entity per cell in Excel). The fields are read as VALUE reads them, with the same requests: the quarterly statements' and daily prices' fields through VALUE (the quarterly ones in one request reaching as far as the widest of them), the report's one section per request (one credit each), so a card shares its answers with VALUE, QUARTERLY, DAILY and the reports' cells, and a second card of the company costs nothing while they are fresh. Each answer keeps its own row's lifetime (the daily prices as DAILY's, the report's sections as the report's, the statements until the company files again), so a card is fresh until its first part is due, and a range of cards costs each company's requests once. Each field, its unit and where it comes from in each market (VALUE's definitions where VALUE has the field: the card's `revenue_ttm` is VALUE(ticker, "revenue", "TTM"), its `market_cap` VALUE(ticker, "market_cap", -1)):
 * @customfunction
 */
function MDQ_COMPANY(ticker, options) {
  return MdqSheets.run("COMPANY", Array.prototype.slice.call(arguments));
}

/**
 * The helper lists: sub-sectors, industries, tags, index members, SGX and KLSE sectors and companies, SGX sub-sectors and news tags, report dates, companies with segments.
 *
 * Example: =MDQ_LIST("subsectors")
 *
 * @param {string} kind Which list (required). One of: subsectors, industries, subindustries, tags, index_members, sgx_sectors, klse_sectors, klse_companies, quarterly_dates, commodities, companies_with_segments, sgx_subsectors, sgx_tags.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: index, sector, ticker, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} `subsectors`: `sector, subsector`; `industries`: `subsector, industry`; `subindustries`: `industry, sub_industry`; `tags`: `tag`; `sgx_sectors`, `klse_sectors`: `sector`; `index_members`, `klse_companies`: `symbol, company_name`; `quarterly_dates`: `year, date, quarter`, oldest first; `commodities` (live edition): `name, data_points, earliest_date, latest_date`; `companies_with_segments`: `symbol, financial_year`, a row per company and year SEGMENTS has; `sgx_subsectors` (live edition): `sector, subsector` (slugs); `sgx_tags` (live edition): `tag`.
 * @customfunction
 */
function MDQ_LIST(kind, options) {
  return MdqSheets.run("LIST", Array.prototype.slice.call(arguments));
}

/**
 * Any GET path of the service, shown as a table (for endpoints without a function of their own).
 *
 * Example: =MDQ_GET("v2/mining/sites/", "limit=2")
 *
 * @param {string} path Path under the base URL, e.g. v1/subsectors/ (required). Must be text of at most 100 characters.
 * @param {string} query Optional. Query text, e.g. "a=1&b=2". Must be text of at most 100 characters.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} A list of records as rows (nested fields dotted, nested lists of records as rows of their own; JSON text read as JSON, decimal text such as "0.7315" as a number); one record as a `field, value` table; a list of values as one `value` column. An envelope `{results, pagination}` gives its results (the first page).
 * @customfunction
 */
function MDQ_GET(path, query, options) {
  return MdqSheets.run("GET", Array.prototype.slice.call(arguments));
}

/**
 * Companies by part of their name, a name people use for them (Maybank, BRI) or their code, in IDX, SGX, KLSE and the mining companies.
 *
 * Example: =MDQ_SEARCH("central asia")
 *
 * @param {string} query Part of a name, a short name or a code, e.g. "central asia", maybank or BBC (required). Must be 2 to 100 characters of a company's name, short name or code.
 * @param {string} market Optional. IDX, SGX, KLSE or MINING (default all four). One of: IDX, SGX, KLSE, MINING.
 * @param {string|Array<Array<string>>} options Optional. Options as "name=value; name=value" or a two-column range: limit, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @return {Array<Array<string|number|boolean|Date>>} Columns `symbol, name, market, sector`, best match first: the code itself, then a name people use for the company (Maybank for 1155 Malayan Banking, BRI for BBRI, OCBC for O39: a list kept for the members of the LQ45, the STI and the KLCI and other companies known by a short name), then codes that start with the query, then the initials of the name (BCA, PGN; TNB for Tenaga Nasional Berhad), then names or names people use with a word starting with each word of the query (case, accents and Tbk, PT, Bhd, Ltd aside), then names holding it; ties by market (IDX, SGX, KLSE, MINING), then name. Only companies of the service's own lists are found: a short name maps to a code, never adds one. `symbol` is what the market's functions take (an IDX ticker without .JK; an unlisted miner's id in the spec edition, its slug in the live one); `sector` is the sub-sector (IDX), the sector (SGX, KLSE) or the key operation (MINING). The lists are the service's own, each kept 24 h (What a call costs); a market the key's plan refuses is left out with a note, and more rows than `limit` are cut with one. No company found is an error that says so (no company matches 'x'), naming any market not searched.
 * @customfunction
 */
function MDQ_SEARCH(query, market, options) {
  return MdqSheets.run("SEARCH", Array.prototype.slice.call(arguments));
}

/** Adds the MDQ menu when the spreadsheet opens (a simple trigger). */
function onOpen() {
  MdqSheets.onOpen();
}

/** Menu MDQ > Use a team gateway (URL + token). */
function mdqUseGateway() {
  MdqSheets.useGateway();
}

/** Menu MDQ > Set API key. */
function mdqSetApiKey() {
  MdqSheets.setApiKey();
}

/** Menu MDQ > Set base URL. */
function mdqSetBaseUrl() {
  MdqSheets.setBaseUrl();
}

/** Menu MDQ > Set edition. */
function mdqSetEdition() {
  MdqSheets.setEdition();
}

/** Menu MDQ > Set answer limit. */
function mdqSetAnswerLimit() {
  MdqSheets.setAnswerLimit();
}

/** Menu MDQ > Test connection. */
function mdqTestConnection() {
  MdqSheets.testConnection();
}

/** Menu MDQ > Clear cache. */
function mdqClearCache() {
  MdqSheets.clearCache();
}

/** Menu MDQ > Refresh all. */
function mdqRefreshAll() {
  MdqSheets.refreshAll();
}

/** Menu MDQ > Status. */
function mdqStatus() {
  MdqSheets.showStatus();
}

/** Menu MDQ > Formula builder. */
function mdqFormulaBuilder() {
  MdqSheets.showBuilder();
}

/** Menu MDQ > Insert template. */
function mdqInsertTemplate() {
  MdqSheets.insertTemplate();
}

/** Menu MDQ > Format results. */
function mdqFormatResults() {
  MdqSheets.formatResults();
}

/** Called by the formula builder's sidebar (google.script.run.mdqBuilderRun). */
function mdqBuilderRun(name, args) {
  return MdqSheets.builderRun(name, args);
}

/** Called by the formula builder's sidebar (google.script.run.mdqBuilderInsert). */
function mdqBuilderInsert(formula) {
  return MdqSheets.builderInsert(formula);
}

/** Called by the formula builder's sidebar (google.script.run.mdqBuilderSelected). */
function mdqBuilderSelected() {
  return MdqSheets.builderSelected();
}

/** Called by the formula builder's sidebar (google.script.run.mdqBuilderRead). */
function mdqBuilderRead(reference) {
  return MdqSheets.builderRead(reference);
}
