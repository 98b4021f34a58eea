// GENERATED FILE, DO NOT EDIT: made from the catalogue in shared/ (npm run generate)
/// <reference types="custom-functions-runtime" />
// The Excel custom functions: each wrapper hands its arguments to the add-in runtime.
// custom-functions-metadata reads these JSDoc tags to write functions.json. The add-in bundles
// none of them: functions.js registers the ids of function-ids.generated.ts, and the engine
// serves each call as these wrappers do (invoke.ts).
import { call } from "./invoke";

/** @customenum {string} */
export enum SortBy {
  /** symbol */
  symbol = "symbol",
  /** company_name */
  company_name = "company_name",
  /** market_cap */
  market_cap = "market_cap",
  /** dividend_yield */
  dividend_yield = "dividend_yield",
  /** total_dividend */
  total_dividend = "total_dividend",
  /** revenue */
  revenue = "revenue",
  /** earnings */
  earnings = "earnings",
  /** pb */
  pb = "pb",
  /** pe */
  pe = "pe",
  /** ps */
  ps = "ps",
}

/** @customenum {string} */
export enum Sections {
  /** overview */
  overview = "overview",
  /** valuation */
  valuation = "valuation",
  /** future */
  future = "future",
  /** peers */
  peers = "peers",
  /** financials */
  financials = "financials",
  /** dividend */
  dividend = "dividend",
  /** management */
  management = "management",
  /** ownership */
  ownership = "ownership",
}

/** @customenum {string} */
export enum Table {
  /** historical_valuation */
  historical_valuation = "historical_valuation",
  /** historical_financials */
  historical_financials = "historical_financials",
  /** historical_financial_ratio */
  historical_financial_ratio = "historical_financial_ratio",
  /** historical_eps */
  historical_eps = "historical_eps",
  /** historical_dividends */
  historical_dividends = "historical_dividends",
  /** value_forecasts */
  value_forecasts = "value_forecasts",
  /** growth_forecasts */
  growth_forecasts = "growth_forecasts",
  /** key_executives */
  key_executives = "key_executives",
  /** executives_shareholdings */
  executives_shareholdings = "executives_shareholdings",
  /** major_shareholders */
  major_shareholders = "major_shareholders",
  /** institutional_transaction_flow */
  institutional_transaction_flow = "institutional_transaction_flow",
  /** peers */
  peers = "peers",
}

/** @customenum {string} */
export enum Market {
  /** idx */
  idx = "idx",
  /** sgx */
  sgx = "sgx",
}

/** @customenum {string} */
export enum SubsectorReportSections {
  /** statistics */
  statistics = "statistics",
  /** market_cap */
  market_cap = "market_cap",
  /** stability */
  stability = "stability",
  /** valuation */
  valuation = "valuation",
  /** growth */
  growth = "growth",
  /** companies */
  companies = "companies",
}

/** @customenum {string} */
export enum SubsectorReportTable {
  /** historical_valuation */
  historical_valuation = "historical_valuation",
  /** growth */
  growth = "growth",
  /** growth_forecasts */
  growth_forecasts = "growth_forecasts",
  /** top_mcap */
  top_mcap = "top_mcap",
  /** top_growth */
  top_growth = "top_growth",
  /** top_profit */
  top_profit = "top_profit",
  /** top_revenue */
  top_revenue = "top_revenue",
  /** top_change_companies */
  top_change_companies = "top_change_companies",
}

/** @customenum {string} */
export enum Classifications {
  /** top_gainers */
  top_gainers = "top_gainers",
  /** top_losers */
  top_losers = "top_losers",
}

/** @customenum {string} */
export enum Periods {
  /** 1d */
  _1d = "1d",
  /** 7d */
  _7d = "7d",
  /** 14d */
  _14d = "14d",
  /** 30d */
  _30d = "30d",
  /** 365d */
  _365d = "365d",
}

/** @customenum {string} */
export enum Kind {
  /** agm */
  agm = "agm",
  /** bonus */
  bonus = "bonus",
  /** warrant */
  warrant = "warrant",
  /** dividend */
  dividend = "dividend",
  /** right_issue */
  right_issue = "right_issue",
  /** stock_split */
  stock_split = "stock_split",
  /** upcoming_dividend */
  upcoming_dividend = "upcoming_dividend",
}

/** @customenum {string} */
export enum Cohort {
  /** institutional */
  institutional = "institutional",
  /** mixed */
  mixed = "mixed",
  /** retail */
  retail = "retail",
  /** unknown */
  unknown = "unknown",
}

/** @customenum {string} */
export enum Origin {
  /** domestic */
  domestic = "domestic",
  /** foreign */
  foreign = "foreign",
}

/** @customenum {string} */
export enum Metric {
  /** gross */
  gross = "gross",
  /** net */
  net = "net",
}

/** @customenum {string} */
export enum SgxReportSections {
  /** overview */
  overview = "overview",
  /** valuation */
  valuation = "valuation",
  /** financials */
  financials = "financials",
  /** dividend */
  dividend = "dividend",
}

/** @customenum {string} */
export enum SgxReportTable {
  /** historical_financials */
  historical_financials = "historical_financials",
  /** historical_dividends */
  historical_dividends = "historical_dividends",
}

/** @customenum {string} */
export enum SgxTopClassifications {
  /** dividend_yield */
  dividend_yield = "dividend_yield",
  /** revenue */
  revenue = "revenue",
  /** earnings */
  earnings = "earnings",
  /** market_cap */
  market_cap = "market_cap",
  /** pe */
  pe = "pe",
}

/** @customenum {string} */
export enum Section {
  /** overview */
  overview = "overview",
  /** valuation */
  valuation = "valuation",
  /** financials */
  financials = "financials",
  /** dividend */
  dividend = "dividend",
  /** historical_earnings */
  historical_earnings = "historical_earnings",
  /** historical_revenue */
  historical_revenue = "historical_revenue",
  /** all */
  all = "all",
}

/** @customenum {string} */
export enum Province {
  /** Bengkulu */
  Bengkulu = "Bengkulu",
  /** Gorontalo */
  Gorontalo = "Gorontalo",
  /** Kalimantan Tengah */
  _Kalimantan_Tengah = "Kalimantan Tengah",
  /** Maluku Utara */
  _Maluku_Utara = "Maluku Utara",
  /** Nusa Tenggara Barat */
  _Nusa_Tenggara_Barat = "Nusa Tenggara Barat",
  /** Sulawesi Selatan */
  _Sulawesi_Selatan = "Sulawesi Selatan",
  /** Sulawesi Utara */
  _Sulawesi_Utara = "Sulawesi Utara",
  /** Sumatera Selatan */
  _Sumatera_Selatan = "Sumatera Selatan",
}

/** @customenum {string} */
export enum Commodity {
  /** Coal */
  Coal = "Coal",
  /** Copper */
  Copper = "Copper",
  /** Gold */
  Gold = "Gold",
  /** Nickel */
  Nickel = "Nickel",
}

/** @customenum {string} */
export enum LicenseAuctionTable {
  /** auction */
  auction = "auction",
  /** phases */
  phases = "phases",
  /** participants */
  participants = "participants",
}

/** @customenum {string} */
export enum MiningSitesSortBy {
  /** year */
  year = "year",
  /** production */
  production = "production",
}

/** @customenum {string} */
export enum ResourcesReservesProvince {
  /** Aceh */
  Aceh = "Aceh",
  /** Banten */
  Banten = "Banten",
  /** Bengkulu */
  Bengkulu = "Bengkulu",
  /** Gorontalo */
  Gorontalo = "Gorontalo",
  /** Jambi */
  Jambi = "Jambi",
  /** Jawa Barat */
  _Jawa_Barat = "Jawa Barat",
  /** Jawa Tengah */
  _Jawa_Tengah = "Jawa Tengah",
  /** Jawa Timur */
  _Jawa_Timur = "Jawa Timur",
  /** Kalimantan Barat */
  _Kalimantan_Barat = "Kalimantan Barat",
  /** Kalimantan Selatan */
  _Kalimantan_Selatan = "Kalimantan Selatan",
  /** Kalimantan Tengah */
  _Kalimantan_Tengah = "Kalimantan Tengah",
  /** Kalimantan Timur */
  _Kalimantan_Timur = "Kalimantan Timur",
  /** Kalimantan Utara */
  _Kalimantan_Utara = "Kalimantan Utara",
  /** Kepulauan Bangka Belitung */
  _Kepulauan_Bangka_Belitung = "Kepulauan Bangka Belitung",
  /** Kepulauan Riau */
  _Kepulauan_Riau = "Kepulauan Riau",
  /** Lampung */
  Lampung = "Lampung",
  /** Maluku */
  Maluku = "Maluku",
  /** Maluku Utara */
  _Maluku_Utara = "Maluku Utara",
  /** Nusa Tenggara Barat */
  _Nusa_Tenggara_Barat = "Nusa Tenggara Barat",
  /** Nusa Tenggara Timur */
  _Nusa_Tenggara_Timur = "Nusa Tenggara Timur",
  /** Papua */
  Papua = "Papua",
  /** Papua Barat */
  _Papua_Barat = "Papua Barat",
  /** Papua Barat Daya */
  _Papua_Barat_Daya = "Papua Barat Daya",
  /** Papua Tengah */
  _Papua_Tengah = "Papua Tengah",
  /** Riau */
  Riau = "Riau",
  /** Sulawesi Barat */
  _Sulawesi_Barat = "Sulawesi Barat",
  /** Sulawesi Selatan */
  _Sulawesi_Selatan = "Sulawesi Selatan",
  /** Sulawesi Tengah */
  _Sulawesi_Tengah = "Sulawesi Tengah",
  /** Sulawesi Tenggara */
  _Sulawesi_Tenggara = "Sulawesi Tenggara",
  /** Sulawesi Utara */
  _Sulawesi_Utara = "Sulawesi Utara",
  /** Sumatera Barat */
  _Sumatera_Barat = "Sumatera Barat",
  /** Sumatera Selatan */
  _Sumatera_Selatan = "Sumatera Selatan",
  /** Sumatera Utara */
  _Sumatera_Utara = "Sumatera Utara",
}

/** @customenum {string} */
export enum ResourcesReservesCommodity {
  /** Coal */
  Coal = "Coal",
  /** Cobalt */
  Cobalt = "Cobalt",
  /** Copper */
  Copper = "Copper",
  /** Gold */
  Gold = "Gold",
  /** Nickel */
  Nickel = "Nickel",
  /** Silver */
  Silver = "Silver",
  /** Tin */
  Tin = "Tin",
}

/** @customenum {string} */
export enum MiningExportsCommodity {
  /** Coal */
  Coal = "Coal",
  /** Copper */
  Copper = "Copper",
  /** Gold */
  Gold = "Gold",
}

/** @customenum {string} */
export enum ListKind {
  /** subsectors */
  subsectors = "subsectors",
  /** industries */
  industries = "industries",
  /** subindustries */
  subindustries = "subindustries",
  /** tags */
  tags = "tags",
  /** index_members */
  index_members = "index_members",
  /** sgx_sectors */
  sgx_sectors = "sgx_sectors",
  /** klse_sectors */
  klse_sectors = "klse_sectors",
  /** klse_companies */
  klse_companies = "klse_companies",
  /** quarterly_dates */
  quarterly_dates = "quarterly_dates",
  /** commodities */
  commodities = "commodities",
  /** companies_with_segments */
  companies_with_segments = "companies_with_segments",
  /** sgx_subsectors */
  sgx_subsectors = "sgx_subsectors",
  /** sgx_tags */
  sgx_tags = "sgx_tags",
}

/** @customenum {string} */
export enum SearchMarket {
  /** IDX */
  IDX = "IDX",
  /** SGX */
  SGX = "SGX",
  /** KLSE */
  KLSE = "KLSE",
  /** MINING */
  MINING = "MINING",
}

/**
 * Insider transaction filings of IDX companies, most recent first.
 * Example: =MDQ.FILINGS("BBCA", "2024-01-01", "2024-12-31")
 * @customfunction FILINGS
 * @param [tickers] IDX tickers, a comma list or a range (BBCA, BBCA.JK and bbca are the same); blank for all. Must be a comma list or range of 4-letter IDX tickers such as BBCA,TLKM.
 * @param [start] First day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, transaction_type, n, page, page_size, holder_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#filings
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function FILINGS(tickers: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("FILINGS", [tickers, start, end, options], invocation);
}

/**
 * News articles on IDX companies (or, live edition, mining news by commodity), most recent first.
 * Example: =MDQ.NEWS("TLKM")
 * @customfunction NEWS
 * @param [tickers] IDX tickers, a comma list or a range (BBCA, BBCA.JK and bbca are the same); blank for all. Must be a comma list or range of 4-letter IDX tickers such as BBCA,TLKM.
 * @param [start] First day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, n, page, page_size, keyword, extension, commodity_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#news
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function NEWS(tickers: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("NEWS", [tickers, start, end, options], invocation);
}

/**
 * IDX companies of a sub-sector (or sub-industry), sorted by a metric.
 * Example: =MDQ.COMPANIES("banks", "market_cap", true)
 * @customfunction COMPANIES
 * @param [sub_sector] Sub-sector slug, e.g. banks (see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param [sort_by] Sort key (default symbol). One of: symbol, company_name, market_cap, dividend_yield, total_dividend, revenue, earnings, pb, pe, ps.
 * @param [desc] TRUE for descending (default FALSE). Must be TRUE or FALSE.
 * @param [options] Options as "name=value; name=value" or a two-column range: sub_industry, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#companies
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function COMPANIES(sub_sector: any, sort_by: SortBy, desc: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("COMPANIES", [sub_sector, sort_by, desc, options], invocation);
}

/**
 * Quarterly financial statements of an IDX company, as a statement (one column per quarter).
 * Example: =MDQ.QUARTERLY("BBCA", 4)
 * @customfunction QUARTERLY
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [n_quarters] The N latest consecutive quarters; overrides report_date and approx. Must be a whole number from 1 to 100.
 * @param [report_date] Report date; blank for the latest. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [approx] TRUE (default): the closest report date; FALSE: only an exact match. Must be TRUE or FALSE.
 * @param [options] Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#quarterly
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function QUARTERLY(ticker: any[][], n_quarters: any, report_date: any, approx: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("QUARTERLY", [ticker, n_quarters, report_date, approx, options], invocation);
}

/**
 * Revenue segments of an IDX company for one financial year (a source → target flow).
 * Example: =MDQ.SEGMENTS("BBCA")
 * @customfunction SEGMENTS
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [financial_year] Financial year, e.g. 2024; blank for the latest. Must be a year such as 2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#segments
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SEGMENTS(ticker: any[][], financial_year: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SEGMENTS", [ticker, financial_year, options], invocation);
}

/**
 * Report of an IDX company: overview, valuation, forecasts, peers, financials, dividends, management, ownership.
 * Example: =MDQ.COMPANY_REPORT("BBCA", "overview,valuation")
 * @customfunction COMPANY_REPORT
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [sections] Parts of the report, a comma list (default all; the provider bills one credit per section). One of: overview, valuation, future, peers, financials, dividend, management, ownership.
 * @param [table] One list of the report as rows of its own (default: the report as field, value rows). One of 12 choices (the pick list).
 * @param [options] Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#company_report
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function COMPANY_REPORT(ticker: any[][], sections: Sections, table: Table, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("COMPANY_REPORT", [ticker, sections, table, options], invocation);
}

/**
 * Daily close, volume and market cap of an IDX company, any window up to 10 years (from 2019-01-02).
 * Example: =MDQ.DAILY("BBCA", "2024-01-01", "2024-03-29")
 * @customfunction DAILY
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#daily
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function DAILY(ticker: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("DAILY", [ticker, start, end, options], invocation);
}

/**
 * Daily closing prices of an index, any window up to 10 years (from 2019-01-02).
 * Example: =MDQ.INDEX("lq45", "2024-01-01", "2024-03-29")
 * @customfunction INDEX
 * @param index_code Index code, e.g. lq45 (kompas100 = media100) (required). Or a range or comma list of up to 50: one table, a block per key. One of 18 choices (listed in the function's help).
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today, or 30 days after start). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#index
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function INDEX(index_code: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("INDEX", [index_code, start, end, options], invocation);
}

/**
 * IDX (or SGX) companies that meet conditions, in the screener's query language, sorted.
 * Example: =MDQ.SCREENER("sub_sector = 'Banks'", "-market_cap", "", "limit=5")
 * @customfunction SCREENER
 * @param [where] Conditions, e.g. "sub_sector = 'Banks' and market_cap > 100000000000000" (fields, operators and yearly fields such as revenue[2024]: see docs/functions.md). Must be text of at most 1,000 characters in the screener's query language.
 * @param [order_by] The field to sort by, - first for descending, e.g. -market_cap (default symbol). Must be text of at most 1,000 characters in the screener's query language.
 * @param [market] Idx (default) or sgx: which exchange's companies. One of: idx, sgx.
 * @param [options] Options as "name=value; name=value" or a two-column range: desc, limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#screener
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SCREENER(where: any, order_by: any, market: Market, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SCREENER", [where, order_by, market, options], invocation);
}

/**
 * Companies that answer a question in plain words, e.g. "top 5 banks by market cap" (the provider translates it into a screen).
 * Example: =MDQ.SCREENER_NL("top 5 banks by market cap")
 * @customfunction SCREENER_NL
 * @param question The question, e.g. "top 10 consumer companies by revenue in 2024" (required). Must be text of at most 1,000 characters in the screener's query language.
 * @param [market] Idx (default) or sgx: which exchange's companies. One of: idx, sgx.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#screener_nl
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SCREENER_NL(question: any, market: Market, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SCREENER_NL", [question, market, options], invocation);
}

/**
 * Free float of IDX companies (the public's share), highest first, for one sub-sector, sector, industry or sub-industry.
 * Example: =MDQ.FREE_FLOAT("banks")
 * @customfunction FREE_FLOAT
 * @param [sub_sector] Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param [options] Options as "name=value; name=value" or a two-column range: sector, industry, sub_industry, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#free_float
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function FREE_FLOAT(sub_sector: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("FREE_FLOAT", [sub_sector, options], invocation);
}

/**
 * Report of an IDX sub-sector: statistics, market cap, stability, valuation, growth and its top companies.
 * Example: =MDQ.SUBSECTOR_REPORT("banks", "statistics,valuation")
 * @customfunction SUBSECTOR_REPORT
 * @param sub_sector Sub-sector slug, e.g. banks (see LIST("subsectors")) (required). Must be a name such as banks or oil-gas-coal.
 * @param [sections] Parts of the report, a comma list (default all; the provider bills one credit per section). One of: statistics, market_cap, stability, valuation, growth, companies.
 * @param [table] One list of the report as rows of its own (default: the report as field, value rows). One of: historical_valuation, growth, growth_forecasts, top_mcap, top_growth, top_profit, top_revenue, top_change_companies.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#subsector_report
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SUBSECTOR_REPORT(sub_sector: any, sections: SubsectorReportSections, table: SubsectorReportTable, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SUBSECTOR_REPORT", [sub_sector, sections, table, options], invocation);
}

/**
 * Total market capitalisation of the IDX per trading day, any window up to 10 years (from 2021-01-01).
 * Example: =MDQ.IDX_TOTAL("2025-05-01", "2025-05-30")
 * @customfunction IDX_TOTAL
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#idx_total
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function IDX_TOTAL(start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("IDX_TOTAL", [start, end, options], invocation);
}

/**
 * The most traded IDX stocks of each trading day, by volume (or by value).
 * Example: =MDQ.MOST_TRADED("2025-06-02", "2025-06-06")
 * @customfunction MOST_TRADED
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [sub_sector] Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param [options] Options as "name=value; name=value" or a two-column range: adjusted, n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#most_traded
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MOST_TRADED(start: any, end: any, sub_sector: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MOST_TRADED", [start, end, sub_sector, options], invocation);
}

/**
 * Top gainers and losers of the IDX over 1, 7, 14, 30 or 365 days.
 * Example: =MDQ.TOP_CHANGES("top_gainers", "7d,30d")
 * @customfunction TOP_CHANGES
 * @param [classifications] Top_gainers, top_losers or both (default both). One of: top_gainers, top_losers.
 * @param [periods] Periods, a comma list (default all five). One of: 1d, 7d, 14d, 30d, 365d.
 * @param [sub_sector] Sub-sector slug, e.g. banks (default all; see LIST("subsectors")). Must be a name such as banks or oil-gas-coal.
 * @param [options] Options as "name=value; name=value" or a two-column range: n_stock, min_mcap_billion, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#top_changes
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function TOP_CHANGES(classifications: Classifications, periods: Periods, sub_sector: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("TOP_CHANGES", [classifications, periods, sub_sector, options], invocation);
}

/**
 * An IDX company's IPO and its price change since listing (after 7, 30, 90 and 365 days).
 * Example: =MDQ.LISTING_PERFORMANCE("GOTO")
 * @customfunction LISTING_PERFORMANCE
 * @param ticker IDX ticker of a company listed after May 2005, e.g. GOTO (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#listing_performance
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function LISTING_PERFORMANCE(ticker: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("LISTING_PERFORMANCE", [ticker, options], invocation);
}

/**
 * What each broker bought and sold of an IDX company, day by day, any window up to a year.
 * Example: =MDQ.BROKER_SUMMARY("BBCA", "2025-06-16", "2025-06-27")
 * @customfunction BROKER_SUMMARY
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [start] First day of the window (default: 14 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: broker_code, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#broker_summary
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function BROKER_SUMMARY(ticker: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("BROKER_SUMMARY", [ticker, start, end, options], invocation);
}

/**
 * The brokers that bought most (net) and sold most of an IDX company over a window of up to 90 days.
 * Example: =MDQ.BROKER_SUMMARY_TOP("BBCA", "2025-06-02", "2025-06-27")
 * @customfunction BROKER_SUMMARY_TOP
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: n_brokers, cohort, origin, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#broker_summary_top
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function BROKER_SUMMARY_TOP(ticker: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("BROKER_SUMMARY_TOP", [ticker, start, end, options], invocation);
}

/**
 * Net buying by foreign brokers of an IDX company per trading day, in IDR, any window up to 10 years.
 * Example: =MDQ.FOREIGN_FLOW("BBCA", "2025-06-02", "2025-06-27")
 * @customfunction FOREIGN_FLOW
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#foreign_flow
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function FOREIGN_FLOW(ticker: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("FOREIGN_FLOW", [ticker, start, end, options], invocation);
}

/**
 * Corporate actions of an IDX company: dividends, stock splits, rights issues, warrants, bonus shares, AGMs.
 * Example: =MDQ.CORPORATE_ACTIONS("BBCA", "dividend")
 * @customfunction CORPORATE_ACTIONS
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [kind] One kind of action (default all). One of: agm, bonus, warrant, dividend, right_issue, stock_split, upcoming_dividend.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#corporate_actions
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function CORPORATE_ACTIONS(ticker: any[][], kind: Kind, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("CORPORATE_ACTIONS", [ticker, kind, options], invocation);
}

/**
 * Who holds an IDX company, month by month: local and foreign insurers, funds, companies, individuals, ...
 * Example: =MDQ.SHAREHOLDERS("BBCA", 2025)
 * @customfunction SHAREHOLDERS
 * @param ticker IDX ticker, e.g. BBCA (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [year] Calendar year, from 2021 (default the current year). Must be a year such as 2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#shareholders
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SHAREHOLDERS(ticker: any[][], year: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SHAREHOLDERS", [ticker, year, options], invocation);
}

/**
 * Every IDX ticker's closing price on one trading day, by symbol.
 * Example: =MDQ.MARKET_CLOSE("2025-06-26", "limit=5")
 * @customfunction MARKET_CLOSE
 * @param [date] The trading day (default: the latest with data); not in the future. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#market_close
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MARKET_CLOSE(date: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MARKET_CLOSE", [date, options], invocation);
}

/**
 * Each IDX company's latest reported quarter, or only those whose latest quarter ends on or after a date.
 * Example: =MDQ.REPORTED_SINCE("2025-01-01", "", "limit=5")
 * @customfunction REPORTED_SINCE
 * @param [since] Only companies whose latest quarter ends on or after this day (poll with the last date seen). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [year] Each company's latest quarter within this year. Must be a year such as 2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#reported_since
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function REPORTED_SINCE(since: any, year: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("REPORTED_SINCE", [since, year, options], invocation);
}

/**
 * Trading suspensions of IDX stocks: the day, the exchange's reason and its notice.
 * Example: =MDQ.SUSPENSIONS("", "2025-01-01", "2025-06-27")
 * @customfunction SUSPENSIONS
 * @param [ticker] One company's suspensions, e.g. BBCA (default all). Must be a 4-letter IDX ticker such as BBCA or BBCA.JK.
 * @param [start] First day of the suspensions (default: no bound). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the suspensions (default: no bound); not in the future. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#suspensions
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SUSPENSIONS(ticker: any, start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SUSPENSIONS", [ticker, start, end, options], invocation);
}

/**
 * The IDX's exchange-member brokers: code, name, foreign or domestic, clientele and license.
 * Example: =MDQ.BROKERS("", "foreign")
 * @customfunction BROKERS
 * @param [cohort] The brokers' clientele: institutional, mixed, retail, unknown (default all). One of: institutional, mixed, retail, unknown.
 * @param [origin] Domestic or foreign brokers (default both). One of: domestic, foreign.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#brokers
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function BROKERS(cohort: Cohort, origin: Origin, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("BROKERS", [cohort, origin, options], invocation);
}

/**
 * The IDX's brokers ranked for one trading day by value traded (or by absolute net buying).
 * Example: =MDQ.TOP_BROKERS("2025-06-26", "net", 5)
 * @customfunction TOP_BROKERS
 * @param [date] The trading day (default: the latest). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [metric] Gross (default: bought plus sold) or net (absolute net buying). One of: gross, net.
 * @param [n_brokers] Brokers to return (default all) (1-90). Must be a whole number from 1 to 90.
 * @param [options] Options as "name=value; name=value" or a two-column range: cohort, origin, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#top_brokers
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function TOP_BROKERS(date: any, metric: Metric, n_brokers: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("TOP_BROKERS", [date, metric, n_brokers, options], invocation);
}

/**
 * What one broker bought and sold of each IDX stock, day by day, any window up to a year.
 * Example: =MDQ.BROKER_ACTIVITY("CC", "2025-06-16", "2025-06-27")
 * @customfunction BROKER_ACTIVITY
 * @param broker_code A broker's 2-letter code, e.g. MG (see BROKERS()) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 2-letter IDX broker code such as MG.
 * @param [start] First day of the window (default: 14 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: ticker, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#broker_activity
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function BROKER_ACTIVITY(broker_code: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("BROKER_ACTIVITY", [broker_code, start, end, options], invocation);
}

/**
 * The stocks one broker bought most (net) and sold most over a window of up to 90 days.
 * Example: =MDQ.BROKER_ACTIVITY_TOP("CC", "2025-06-02", "2025-06-27")
 * @customfunction BROKER_ACTIVITY_TOP
 * @param broker_code A broker's 2-letter code, e.g. MG (see BROKERS()) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 2-letter IDX broker code such as MG.
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: n_brokers, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#broker_activity_top
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function BROKER_ACTIVITY_TOP(broker_code: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("BROKER_ACTIVITY_TOP", [broker_code, start, end, options], invocation);
}

/**
 * SGX companies of one sector.
 * Example: =MDQ.SGX_COMPANIES("financial-services")
 * @customfunction SGX_COMPANIES
 * @param sector SGX sector slug, e.g. financial-services (see LIST("sgx_sectors")) (required). Must be a name such as banks or oil-gas-coal.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_companies
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_COMPANIES(sector: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_COMPANIES", [sector, options], invocation);
}

/**
 * Report of an SGX company: overview, valuation, financials, dividend.
 * Example: =MDQ.SGX_REPORT("D05", "overview,valuation")
 * @customfunction SGX_REPORT
 * @param symbol SGX symbol in quotes, e.g. "D05" (D05 unquoted is a cell) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param [sections] Parts of the report, a comma list (default all; the provider bills one credit per section). One of: overview, valuation, financials, dividend.
 * @param [table] One list of the report as rows of its own (default: the report as field, value rows). One of: historical_financials, historical_dividends.
 * @param [options] Options as "name=value; name=value" or a two-column range: all, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_report
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_REPORT(symbol: any[][], sections: SgxReportSections, table: SgxReportTable, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_REPORT", [symbol, sections, table, options], invocation);
}

/**
 * Top-ranked SGX companies per classification (dividend yield, revenue, earnings, market cap, P/E).
 * Example: =MDQ.SGX_TOP("market_cap,pe")
 * @customfunction SGX_TOP
 * @param [classifications] Rankings to return, a comma list (default all; the provider bills one credit each). One of: dividend_yield, revenue, earnings, market_cap, pe.
 * @param [sector] SGX sector slug, e.g. financial-services (default all; see LIST("sgx_sectors")). Must be a name such as banks or oil-gas-coal.
 * @param [min_mcap_million] Minimum market cap in million SGD (default 1000). Must be a whole number from 0 to 100000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_top
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_TOP(classifications: SgxTopClassifications, sector: any, min_mcap_million: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_TOP", [classifications, sector, min_mcap_million, options], invocation);
}

/**
 * Daily close and volume of an SGX company, any window up to 10 years.
 * Example: =MDQ.SGX_DAILY("D05", "2025-05-01", "2025-05-30")
 * @customfunction SGX_DAILY
 * @param symbol SGX symbol in quotes, e.g. "D05" (D05 unquoted is a cell) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param [start] First day of the window (default: 30 days before end). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the window (default: today). Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: period, layout, calendar, fill, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_daily
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_DAILY(symbol: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_DAILY", [symbol, start, end, options], invocation);
}

/**
 * Insider and substantial-shareholder transactions in SGX companies, most recent first.
 * Example: =MDQ.SGX_FILINGS("D05")
 * @customfunction SGX_FILINGS
 * @param [symbol] SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param [start] First day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the filing period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: transaction_type, holder_type, n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_filings
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_FILINGS(symbol: any, start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_FILINGS", [symbol, start, end, options], invocation);
}

/**
 * News articles on SGX companies, most recent first.
 * Example: =MDQ.SGX_NEWS("D05")
 * @customfunction SGX_NEWS
 * @param [symbols] SGX symbols, a comma list or a range (D05 and d05.si are the same); blank for all. Must be a comma list or range of SGX symbols such as D05,U11.
 * @param [start] First day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the news period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: sector, sub_sector, tags, n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_news
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_NEWS(symbols: any[][], start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_NEWS", [symbols, start, end, options], invocation);
}

/**
 * Daily short sales of SGX companies: shares and value, most recent first.
 * Example: =MDQ.SGX_SHORT_SELL("D05")
 * @customfunction SGX_SHORT_SELL
 * @param [symbol] SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param [start] First day of the period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_short_sell
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_SHORT_SELL(symbol: any, start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_SHORT_SELL", [symbol, start, end, options], invocation);
}

/**
 * Share buybacks of SGX companies under their mandates, most recent first.
 * Example: =MDQ.SGX_BUYBACKS("U11")
 * @customfunction SGX_BUYBACKS
 * @param [symbol] SGX symbol in quotes, e.g. "D05"; blank for all. Must be a 3- or 4-character SGX symbol such as D05 or C38U.
 * @param [start] First day of the purchase period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [end] Last day of the purchase period. Must be a date as YYYY-MM-DD text or a date cell.
 * @param [options] Options as "name=value; name=value" or a two-column range: n, page, page_size, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sgx_buybacks
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SGX_BUYBACKS(symbol: any, start: any, end: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SGX_BUYBACKS", [symbol, start, end, options], invocation);
}

/**
 * Report of a KLSE (Bursa Malaysia) company: overview, valuation, financials, dividend.
 * Example: =MDQ.KLSE_REPORT("1155", "valuation")
 * @customfunction KLSE_REPORT
 * @param ticker 4-digit KLSE stock code, e.g. 1155 (required). Or a range or comma list of up to 50: one table, a block per key. Must be a 4-digit KLSE stock code such as 1155.
 * @param [section] Part of the report (default all). One of: overview, valuation, financials, dividend, historical_earnings, historical_revenue, all.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#klse_report
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function KLSE_REPORT(ticker: any[][], section: Section, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("KLSE_REPORT", [ticker, section, options], invocation);
}

/**
 * Top-ranked KLSE companies per classification (dividend yield, revenue, earnings, market cap, P/E).
 * Example: =MDQ.KLSE_TOP("pe")
 * @customfunction KLSE_TOP
 * @param [classifications] Rankings to return, a comma list (default all; the provider bills one credit each). One of: dividend_yield, revenue, earnings, market_cap, pe.
 * @param [sector] KLSE sector slug, e.g. finance (default all; see LIST("klse_sectors")). Must be a name such as banks or oil-gas-coal.
 * @param [min_mcap_million] Minimum market cap in million MYR (default 1000). Must be a whole number from 0 to 100000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: n_stock, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#klse_top
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function KLSE_TOP(classifications: SgxTopClassifications, sector: any, min_mcap_million: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("KLSE_TOP", [classifications, sector, min_mcap_million, options], invocation);
}

/**
 * Indonesian mining companies, searchable by keyword and commodity.
 * Example: =MDQ.MINING_COMPANIES("", "Coal", 10)
 * @customfunction MINING_COMPANIES
 * @param [keyword] Matches company name, ticker or key operation. Must be text of at most 100 characters.
 * @param [commodity] Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [offset] Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: company_type, has_financials, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_companies
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_COMPANIES(keyword: any, commodity: any, limit: any, offset: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_COMPANIES", [keyword, commodity, limit, offset, options], invocation);
}

/**
 * Mineral companies, searchable by keyword and commodity (no offset).
 * Example: =MDQ.MINERAL_COMPANIES("", "Nickel")
 * @customfunction MINERAL_COMPANIES
 * @param [keyword] Matches company name, ticker or key operation. Must be text of at most 100 characters.
 * @param [commodity] Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mineral_companies
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINERAL_COMPANIES(keyword: any, commodity: any, limit: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINERAL_COMPANIES", [keyword, commodity, limit, options], invocation);
}

/**
 * Profile of one mining company: operations, contacts, licenses and counts.
 * Example: =MDQ.MINING_COMPANY("ADRO")
 * @customfunction MINING_COMPANY
 * @param company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_company
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_COMPANY(company: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_COMPANY", [company, options], invocation);
}

/**
 * Yearly financials of a listed mining company, with revenue and cost breakdowns.
 * Example: =MDQ.MINING_FINANCIALS("ITMG", "2023,2024")
 * @customfunction MINING_FINANCIALS
 * @param company The mining company, by IDX ticker (slugs too in the live edition) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param [years] Years, a comma list or a range (blank for all years). Must be a comma list or range of years such as 2023,2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_financials
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_FINANCIALS(company: any[][], years: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_FINANCIALS", [company, years, options], invocation);
}

/**
 * Yearly production of a mining company per commodity.
 * Example: =MDQ.MINING_PERFORMANCE("ADRO")
 * @customfunction MINING_PERFORMANCE
 * @param company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param [years] Years, a comma list or a range (blank for all years). Must be a comma list or range of years such as 2023,2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: commodity_type, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_performance
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_PERFORMANCE(company: any[][], years: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_PERFORMANCE", [company, years, options], invocation);
}

/**
 * Who owns a mining company and what it owns, with the percentage of each stake.
 * Example: =MDQ.MINING_OWNERSHIP("ADRO")
 * @customfunction MINING_OWNERSHIP
 * @param company The mining company (MINING_COMPANIES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_ownership
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_OWNERSHIP(company: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_OWNERSHIP", [company, options], invocation);
}

/**
 * Mining service contracts: which contractor works for which mine owner, until when.
 * Example: =MDQ.MINING_CONTRACTS()
 * @customfunction MINING_CONTRACTS
 * @param [contractor] The contractor's slug or name (MINING_COMPANIES lists them). Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param [mine_owner] The mine owner's slug or name. Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_contracts
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_CONTRACTS(contractor: any, mine_owner: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_CONTRACTS", [contractor, mine_owner, options], invocation);
}

/**
 * Mining licenses (IUP) by province and commodity; optionally those expiring within a year.
 * Example: =MDQ.MINING_LICENSES("Kalimantan Timur", "Coal", "", 10)
 * @customfunction MINING_LICENSES
 * @param [province] Province, e.g. Kalimantan Timur. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [commodity] Commodity, e.g. Coal, Nickel, Gold. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [expiring_soon] TRUE: only licenses expiring within 365 days. Must be TRUE or FALSE.
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [offset] Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: company, license_type, activity, cnc, order_by, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_licenses
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_LICENSES(province: any, commodity: any, expiring_soon: any, limit: any, offset: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_LICENSES", [province, commodity, expiring_soon, limit, offset, options], invocation);
}

/**
 * Mining licence (WIUP) auctions by province, commodity, status or participant.
 * Example: =MDQ.LICENSE_AUCTIONS("", "Nickel", "", "", 10)
 * @customfunction LICENSE_AUCTIONS
 * @param [province] Province, e.g. Sulawesi Selatan. One of: Bengkulu, Gorontalo, Kalimantan Tengah, Maluku Utara, Nusa Tenggara Barat, Sulawesi Selatan, Sulawesi Utara, Sumatera Selatan.
 * @param [commodity] Commodity: Coal, Copper, Gold or Nickel. One of: Coal, Copper, Gold, Nickel.
 * @param [status] Auction status, e.g. Lelang Selesai. Must be text of at most 100 characters.
 * @param [participant] Only auctions a company of this name (or part of it) took part in. Must be text of at most 100 characters.
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [offset] Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: area_type, order_by, qualified, min_participants, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#license_auctions
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function LICENSE_AUCTIONS(province: Province, commodity: Commodity, status: any, participant: any, limit: any, offset: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("LICENSE_AUCTIONS", [province, commodity, status, participant, limit, offset, options], invocation);
}

/**
 * One mining licence auction: its record, its phases or its participants.
 * Example: =MDQ.LICENSE_AUCTION("5551202224715742", "participants")
 * @customfunction LICENSE_AUCTION
 * @param wiup_code The auction's WIUP code (LICENSE_AUCTIONS lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a WIUP code of letters and digits, such as 7302012042024001.
 * @param [table] Auction (default: its fields as one row), phases (one row per phase) or participants (one row per company). One of: auction, phases, participants.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#license_auction
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function LICENSE_AUCTION(wiup_code: any[][], table: LicenseAuctionTable, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("LICENSE_AUCTION", [wiup_code, table, options], invocation);
}

/**
 * Mining sites with their yearly production, by province and mineral.
 * Example: =MDQ.MINING_SITES("", "Coal", "", "production", 10)
 * @customfunction MINING_SITES
 * @param [province] Province, e.g. Kalimantan Timur. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [mineral_type] Primary mineral, e.g. Coal. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [min_production] Only sites producing at least this volume. Must be a number of 0 or more.
 * @param [sort_by] Year (default) or production, both descending (the option order_by has more). One of: year, production.
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [offset] Rows to skip (default 0). Must be a whole number from 0 to 1000000.
 * @param [options] Options as "name=value; name=value" or a two-column range: company, year, order_by, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_sites
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_SITES(province: any, mineral_type: any, min_production: any, sort_by: MiningSitesSortBy, limit: any, offset: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_SITES", [province, mineral_type, min_production, sort_by, limit, offset, options], invocation);
}

/**
 * One mining site in full: latest production, resources and reserves, and location.
 * Example: =MDQ.MINING_SITE("tutupan-selatan")
 * @customfunction MINING_SITE
 * @param site The site's slug (MINING_SITES lists them) (required). Or a range or comma list of up to 50: one table, a block per key. Must be a slug such as tutupan-selatan or pt-bara-sungai-tbk, or the name it is made from.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_site
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_SITE(site: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_SITE", [site, options], invocation);
}

/**
 * Mineral resources and reserves of a province by year and commodity; blank province: where figures exist.
 * Example: =MDQ.RESOURCES_RESERVES("Kalimantan Timur", "Coal")
 * @customfunction RESOURCES_RESERVES
 * @param [province] Province, e.g. Kalimantan Timur (blank: which provinces, commodities and years have figures). One of 33 choices (the pick list).
 * @param [commodity] Coal, Cobalt, Copper, Gold, Nickel, Silver or Tin. One of: Coal, Cobalt, Copper, Gold, Nickel, Silver, Tin.
 * @param [year] One year, e.g. 2024 (blank: every year). Must be a year such as 2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#resources_reserves
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function RESOURCES_RESERVES(province: ResourcesReservesProvince, commodity: ResourcesReservesCommodity, year: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("RESOURCES_RESERVES", [province, commodity, year, options], invocation);
}

/**
 * Indonesia's yearly production of a commodity, with the change on the year before.
 * Example: =MDQ.TOTAL_PRODUCTION("Coal")
 * @customfunction TOTAL_PRODUCTION
 * @param commodity Coal, Copper, Gold or Nickel (required). One of: Coal, Copper, Gold, Nickel.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#total_production
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function TOTAL_PRODUCTION(commodity: Commodity, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("TOTAL_PRODUCTION", [commodity, options], invocation);
}

/**
 * Where Indonesia's coal, copper or gold went in a year: countries ranked by export value.
 * Example: =MDQ.MINING_EXPORTS("Coal", 2024, 10)
 * @customfunction MINING_EXPORTS
 * @param commodity Coal, Copper or Gold (required). One of: Coal, Copper, Gold.
 * @param year The year, e.g. 2024 (required). Must be a year such as 2024.
 * @param [limit] Rows to return (1-30, service default 20). Must be a whole number from 1 to 30.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#mining_exports
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function MINING_EXPORTS(commodity: MiningExportsCommodity, year: any, limit: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("MINING_EXPORTS", [commodity, year, limit, options], invocation);
}

/**
 * World production, share, reserves and trade of a commodity by country.
 * Example: =MDQ.GLOBAL_COMMODITY("Nickel")
 * @customfunction GLOBAL_COMMODITY
 * @param [commodity_type] Commodity, e.g. Nickel, Gold, Coal. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [country] Country, e.g. Indonesia. Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [options] Options as "name=value; name=value" or a two-column range: limit, offset, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#global_commodity
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function GLOBAL_COMMODITY(commodity_type: any, country: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("GLOBAL_COMMODITY", [commodity_type, country, options], invocation);
}

/**
 * Where a company sells: revenue and volume by destination country and year.
 * Example: =MDQ.SALES_DESTINATION("ITMG")
 * @customfunction SALES_DESTINATION
 * @param company The mining company, by IDX ticker (slugs too in the live edition) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id.
 * @param [options] Options as "name=value; name=value" or a two-column range: year, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#sales_destination
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SALES_DESTINATION(company: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SALES_DESTINATION", [company, options], invocation);
}

/**
 * Monthly price history of a commodity (coal, gold, nickel, ...), at most three years per call.
 * Example: =MDQ.COMMODITY_PRICE("Coal", 2024, 2025)
 * @customfunction COMMODITY_PRICE
 * @param commodity Commodity, e.g. Coal, Gold (see LIST("commodities")) (required). Must be a name of letters, digits, spaces and . , & ' ( ) -, up to 100 characters (sent in Title Case).
 * @param [start_year] First year (default two years before end_year). Must be a year such as 2024.
 * @param [end_year] Last year, included (default the current year). Must be a year such as 2024.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#commodity_price
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function COMMODITY_PRICE(commodity: any, start_year: any, end_year: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("COMMODITY_PRICE", [commodity, start_year, end_year, options], invocation);
}

/**
 * One value in one cell: a company's field for a period, from the quarterly statements, the company report, daily prices, KLSE and SGX reports or the mining financials.
 * Example: =MDQ.VALUE("BBCA", "revenue", "-1")
 * @customfunction VALUE
 * @param key The company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05); for a grid, a column of up to 50 (required). Must be a company: an IDX ticker (BBCA), a KLSE code (1155) or an SGX symbol (D05).
 * @param field A field as the tables name it (revenue, close, overview.market_cap) or a ratio (net_margin, roe, ...); for a grid, a row of fields (required). Must be a field name as the tables show it, such as revenue, close or overview.market_cap.
 * @param [period] Blank: the latest; for a grid of one field, a row of periods. Must be a fiscal quarter (2024Q4), year (FY2024) or H1, H2 or 9M of one (H1 2024), a calendar one with CY (CY2024, CY2024Q4), TTM (TTM 2024Q3), a date, or a step back (-1 the latest, -2; LAST).
 * @param [options] Options as "name=value; name=value" or a two-column range: dataset, change, late, nm, cover, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#value
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function VALUE(key: any[][], field: any[][], period: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("VALUE", [key, field, period, options], invocation);
}

/**
 * A company at a glance: identity, trading, valuation and financials of an IDX, SGX or KLSE company; a card in Excel.
 * Example: =MDQ.COMPANY("BBCA")
 * @customfunction COMPANY
 * @param ticker The company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05) (required). Or a range or comma list of up to 50: one table, a block per key. Must be an IDX ticker, a KLSE code or an SGX symbol.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#company
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function COMPANY(ticker: any[][], options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("COMPANY", [ticker, options], invocation);
}

/**
 * The helper lists: sub-sectors, industries, tags, index members, SGX and KLSE sectors and companies, SGX sub-sectors and news tags, report dates, companies with segments.
 * Example: =MDQ.LIST("subsectors")
 * @customfunction LIST
 * @param kind Which list (required). One of: subsectors, industries, subindustries, tags, index_members, sgx_sectors, klse_sectors, klse_companies, quarterly_dates, commodities, companies_with_segments, sgx_subsectors, sgx_tags.
 * @param [options] Options as "name=value; name=value" or a two-column range: index, sector, ticker, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#list
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function LIST(kind: ListKind, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("LIST", [kind, options], invocation);
}

/**
 * Any GET path of the service, shown as a table (for endpoints without a function of their own).
 * Example: =MDQ.GET("v2/mining/sites/", "limit=2")
 * @customfunction GET
 * @param path Path under the base URL, e.g. v1/subsectors/ (required). Must be text of at most 100 characters.
 * @param [query] Query text, e.g. "a=1&b=2". Must be text of at most 100 characters.
 * @param [options] Options as "name=value; name=value" or a two-column range: headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#get
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function GET(path: any, query: any, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("GET", [path, query, options], invocation);
}

/**
 * Companies by part of their name, a name people use for them (Maybank, BRI) or their code, in IDX, SGX, KLSE and the mining companies.
 * Example: =MDQ.SEARCH("central asia")
 * @customfunction SEARCH
 * @param query Part of a name, a short name or a code, e.g. "central asia", maybank or BBC (required). Must be 2 to 100 characters of a company's name, short name or code.
 * @param [market] IDX, SGX, KLSE or MINING (default all four). One of: IDX, SGX, KLSE, MINING.
 * @param [options] Options as "name=value; name=value" or a two-column range: limit, headers, orient, fields, dates, refresh, notes, explain, stale.
 * @param invocation Lets Excel cancel the call (the fetch is aborted).
 * @helpurl help.html#search
 * @cancelable
 * @returns {any[][]} The table, spilled from the formula's cell.
 */
export function SEARCH(query: any, market: SearchMarket, options: any[][], invocation: CustomFunctions.CancelableInvocation) {
  return call("SEARCH", [query, market, options], invocation);
}

/** Every wrapper by its custom function id, for CustomFunctions.associate. */
export const WRAPPERS = { FILINGS, NEWS, COMPANIES, QUARTERLY, SEGMENTS, COMPANY_REPORT, DAILY, INDEX, SCREENER, SCREENER_NL, FREE_FLOAT, SUBSECTOR_REPORT, IDX_TOTAL, MOST_TRADED, TOP_CHANGES, LISTING_PERFORMANCE, BROKER_SUMMARY, BROKER_SUMMARY_TOP, FOREIGN_FLOW, CORPORATE_ACTIONS, SHAREHOLDERS, MARKET_CLOSE, REPORTED_SINCE, SUSPENSIONS, BROKERS, TOP_BROKERS, BROKER_ACTIVITY, BROKER_ACTIVITY_TOP, SGX_COMPANIES, SGX_REPORT, SGX_TOP, SGX_DAILY, SGX_FILINGS, SGX_NEWS, SGX_SHORT_SELL, SGX_BUYBACKS, KLSE_REPORT, KLSE_TOP, MINING_COMPANIES, MINERAL_COMPANIES, MINING_COMPANY, MINING_FINANCIALS, MINING_PERFORMANCE, MINING_OWNERSHIP, MINING_CONTRACTS, MINING_LICENSES, LICENSE_AUCTIONS, LICENSE_AUCTION, MINING_SITES, MINING_SITE, RESOURCES_RESERVES, TOTAL_PRODUCTION, MINING_EXPORTS, GLOBAL_COMMODITY, SALES_DESTINATION, COMMODITY_PRICE, VALUE, COMPANY, LIST, GET, SEARCH };
