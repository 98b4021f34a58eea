// GET /v2/mining/license-auctions/ and /v2/mining/license-auctions/{wiup_code}/ (live): the
// auctions of data/mining-auctions.ts, filtered and sorted (default: latest award first); the
// list leaves out each auction's phases and participants, as the service does.
import { AUCTIONS } from "../data/mining-auctions";
import { describedOrder } from "../described";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import { limitOffset, sameText } from "../query";
import { envelope } from "./envelope";

type Auction = (typeof AUCTIONS)[number];
const passed = (a: Auction, name: string) =>
  a.participants.some((p) => p.company_name.toLowerCase().includes(name) && p.qualification_result === "Lolos");

export const liveLicenseAuctions: Endpoint = {
  path: "/v2/mining/license-auctions/",
  handle({ query: q }) {
    const [province, commodity, area, status] = ["province", "commodity_type", "area_type", "status"].map((n) => q.str(n));
    const participant = q.str("participant")?.toLowerCase();
    const qualified = q.bool("qualified", false);
    if (qualified && !participant) throw badRequest("'qualified' requires 'participant'.");
    const least = q.int("min_participants", "Invalid min_participants. Please provide a non-negative integer.") ?? 0;
    const { field, descending } = describedOrder(liveLicenseAuctions.path, q, "-winner_date") as {
      field: "winner_date" | "licensed_area_ha" | "participant_count" | "commodity_type";
      descending: boolean;
    };
    const rows = AUCTIONS.filter(
      (a) =>
        (!province || sameText(a.province, province)) &&
        (!commodity || sameText(a.commodity_type, commodity)) &&
        (!area || sameText(a.area_type, area)) &&
        (!status || sameText(a.auction_status, status)) &&
        (!participant ||
          (qualified ? passed(a, participant) : a.participants.some((p) => p.company_name.toLowerCase().includes(participant)))) &&
        a.participant_count >= least,
    );
    const sign = descending ? -1 : 1;
    rows.sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
    return envelope(rows, limitOffset(q), ({ phases: _p, participants: _q, created_at: _c, last_modified: _m, ...row }) => row);
  },
};

export const liveLicenseAuction: Endpoint = {
  path: "/v2/mining/license-auctions/:wiup_code/",
  handle({ params }) {
    const auction = AUCTIONS.find((a) => a.wiup_code === params.wiup_code);
    if (!auction) throw notFound("Auction not found.");
    return auction;
  },
};
