// The mining licence auctions (the ESDM portal's WIUP tenders): the list, and one auction with
// its phases and participants. Live edition only.
import * as z from "zod/mini";
import { recordTable, tableOf } from "../../answer/flatten";
import { isObject, num, str, texts } from "../../answer/response";
import { readText } from "../../base/cells";
import type { Table } from "../../base/table";
import { bool, choice, int, text } from "../../input/arg-kinds";
import { kind } from "../../input/kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { limitArg, offsetArg } from "./common";
import { oneRow } from "./mining-details";
import { AUCTION_AREA_TYPES, AUCTION_ORDER, AUCTION_PROVINCES, PRODUCTION_COMMODITIES } from "./mining-vocabulary";

/** The fields an auction has in the list and in its own record, in the service's order. */
const AUCTION = {
  ...texts(["commodity_type", "city", "province", "company_name", "winner_date"]),
  licensed_area_ha: num,
  ...texts(["license_number", "area_type", "kdi", "wiup_code", "auction_status"]),
  participant_count: num,
  winner: str,
  company_slug: str,
};

export const LICENSE_AUCTIONS: FunctionSpec = {
  name: "LICENSE_AUCTIONS",
  group: "mining",
  summary: "Mining licence (WIUP) auctions by province, commodity, status or participant.",
  args: [
    { name: "province", kind: choice(AUCTION_PROVINCES), help: "province, e.g. Sulawesi Selatan" },
    { name: "commodity", kind: choice(PRODUCTION_COMMODITIES), help: "commodity: Coal, Copper, Gold or Nickel" },
    { name: "status", kind: text, help: "auction status, e.g. Lelang Selesai" },
    { name: "participant", kind: text, help: "only auctions a company of this name (or part of it) took part in" },
    limitArg,
    offsetArg,
  ],
  options: [
    { name: "area_type", kind: choice(AUCTION_AREA_TYPES), help: "WIUP or WIUPK" },
    {
      name: "order_by",
      kind: choice(AUCTION_ORDER),
      help: "winner_date, licensed_area_ha, participant_count or commodity_type; a leading - for descending (default -winner_date)",
    },
    { name: "qualified", kind: bool, help: "with participant: TRUE for only the auctions where it passed pre-qualification" },
    { name: "min_participants", kind: int(0, 1_000_000), help: "only auctions with at least this many participants" },
  ],
  editions: {
    live: endpoint({
      path: "/v2/mining/license-auctions/",
      params: { commodity: "commodity_type" },
      envelope: true,
      response: recordTable(AUCTION),
      layout: asDecoded,
    }),
  },
  instead: "MINING_LICENSES lists the licences granted.",
  ttl: TTL.reference,
  output:
    "Columns `commodity_type, city, province, company_name, winner_date, licensed_area_ha, license_number, area_type, kdi, wiup_code, auction_status, participant_count, winner, company_slug`; the `wiup_code` is what LICENSE_AUCTION takes.",
  example: ["", "Nickel", "", "", 10, ""],
  check: (v) => (v.qualified !== undefined && v.participant === undefined ? "'qualified' needs a 'participant'" : undefined),
};

/** A WIUP code: letters and digits, kept as text (a 16-digit code typed as a number is read back whole). */
const wiupCode = kind({
  rule: () => z.string().check(z.regex(/^[A-Za-z0-9]{1,30}$/), z.describe("a WIUP code of letters and digits, such as 7302012042024001")),
  read: (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? String(v) : readText(v)),
  write: (code) => code,
});

const AUCTION_RECORD = oneRow({ ...AUCTION, ...texts(["created_at", "last_modified"]) });
const AUCTION_TABLES = ["auction", "phases", "participants"] as const;

/** The auction as one row, or one of its lists as rows of their own. */
function auctionLayout(auction: Table, values: Record<string, string | undefined>, raw: unknown): Table {
  const list = values.table === "phases" || values.table === "participants" ? values.table : undefined;
  if (!list) return auction;
  const items = isObject(raw) && Array.isArray(raw[list]) ? raw[list] : [];
  return tableOf(items.filter(isObject));
}

export const LICENSE_AUCTION: FunctionSpec = {
  name: "LICENSE_AUCTION",
  group: "mining",
  summary: "One mining licence auction: its record, its phases or its participants.",
  args: [
    {
      name: "wiup_code",
      kind: wiupCode,
      help: "the auction's WIUP code (LICENSE_AUCTIONS lists them)",
      required: true,
      at: "path",
      batch: true,
    },
    {
      name: "table",
      kind: choice(AUCTION_TABLES),
      help: "auction (default: its fields as one row), phases (one row per phase) or participants (one row per company)",
      at: "local",
    },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/license-auctions/{wiup_code}/",
      response: { decode: (v: unknown) => ({ auction: AUCTION_RECORD.decode(v), raw: v }), spread: "open" },
      layout: ({ auction, raw }, values) => auctionLayout(auction, values, raw),
    }),
  },
  instead: "MINING_LICENSES lists the licences granted.",
  ttl: TTL.reference,
  output:
    "`table=auction` (default): one row, the columns of LICENSE_AUCTIONS with `created_at, last_modified`; `table=phases`: one row per phase (`order, description, start_date, end_date`); `table=participants`: one row per company, with its qualification result.",
  example: ["5551202224715742", "participants"],
};
