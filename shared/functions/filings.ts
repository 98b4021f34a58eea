import { choice } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, numbers, open, record, str, strList } from "../response";
import { TRANSACTION_TYPES } from "../values";
import { endArg, feedItem, nArg, pageArgs, sectorArg, startArg, startBeforeEnd, tagsArg, tickersArg } from "./common";

const filing = {
  ...feedItem,
  transaction_type: str,
  ...numbers(["holding_before", "holding_after", "amount_transaction"]),
  holder_type: str,
  holder_name: str,
  price: num,
  transaction_value: num,
  price_transaction: record({ prices: strList, amount_transacted: strList }),
  ...numbers(["share_percentage_before", "share_percentage_after", "share_percentage_transaction"]),
  uid: open,
};

export const FILINGS = defineFunction({
  name: "FILINGS",
  summary: "Insider transaction filings of IDX companies, most recent first.",
  path: "/v1/filings/",
  args: [tickersArg, startArg("filing period"), endArg("filing period")],
  options: [
    sectorArg,
    { name: "sub_sector", kind: sectorArg.kind, help: "sub-sector slug, e.g. banks" },
    tagsArg,
    { name: "transaction_type", kind: choice(TRANSACTION_TYPES), help: "buy or sell" },
    nArg,
    ...pageArgs,
  ],
  response: recordTable(filing),
  layout: asDecoded,
  ttl: TTL.live,
  output:
    'One row per filing, the service\'s fields in order; `price_transaction.prices` and `price_transaction.amount_transacted` joined with ", "; `price` and `transaction_value` as numbers.',
  example: ["BBCA", "2024-01-01", "2024-12-31"],
  check: startBeforeEnd,
});
