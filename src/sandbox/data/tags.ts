// Tag vocabulary of filings and news (served by /v1/tags/), and their shared ordering.

export const TAGS = [
  "agms",
  "bearish",
  "bullish",
  "capital-expenditure",
  "coal",
  "commodity-price",
  "divestment",
  "dividend",
  "earnings",
  "esg",
  "expansion",
  "foreign-flows",
  "insider-trading",
  "interest-rate",
  "investment",
  "macroeconomy",
  "management-change",
  "nickel",
  "profit",
  "regulation",
  "share-buyback",
  "stock-price",
  "sustainability",
] as const;

/** Newest first by timestamp; the id breaks ties so the order is total and stable. */
export function newestFirst(a: { timestamp: string; id: number }, b: { timestamp: string; id: number }): number {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : b.id - a.id;
}
