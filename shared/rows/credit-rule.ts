// The shape of a price (credits.ts reads requests against them; credits.generated.ts lists the
// provider's), apart from both so that the generated list and its reader import no cycle.

/** What one request of a path costs, as the provider states it. */
export type CreditRule =
  /** `credits` a request; a `question` parameter, when sent, costs its own (the screener's `q=`). */
  | { unit: "request"; credits: number; question?: { param: string; credits: number } }
  /** `credits` a page of a list: each page is a request. */
  | { unit: "page"; credits: number }
  /** `credits` per `size` records the answer holds, rounded up (quarters, companies). */
  | { unit: "record"; credits: number; record: string; size: number }
  /** `credits` per item asked in each parameter (their product: classification × period); a
   *  parameter not sent means all `all` of its items. */
  | { unit: "section" | "classification"; credits: number; asked: readonly { param: string; all: number }[] };

/** A published price: the path template (`{symbol}` stands for one segment) and its rule. */
export type Price = CreditRule & { path: string };
