// GET /v2/mining/licenses/ (spec 4.4): province, commodity, expiring_soon (expiry from today to
// 365 days ahead, soonest first), limit/offset.
import { SERVICE_BOUNDS } from "../../../shared";
import { LICENSES, licenseRow } from "../data/mining-licenses";
import { addDays } from "../dates";
import type { Endpoint } from "../endpoint";
import { limitOffset, sameText, slice } from "../query";

export const miningLicenses: Endpoint = {
  path: "/v2/mining/licenses/",
  handle({ query: q, today }) {
    q.allow(["province", "commodity", "expiring_soon", "limit", "offset"]);
    const province = q.str("province");
    const commodity = q.str("commodity");
    const soon = q.bool("expiring_soon", false);
    const page = limitOffset(q);
    const horizon = addDays(today, SERVICE_BOUNDS.expiringSoonDays);
    const rows = LICENSES.filter(
      (l) =>
        (!province || sameText(l.province, province)) &&
        (!commodity || sameText(l.commodity, commodity)) &&
        (!soon || (l.permit_expiry_date >= today && l.permit_expiry_date <= horizon)),
    );
    if (soon) rows.sort((a, b) => a.permit_expiry_date.localeCompare(b.permit_expiry_date) || Number(a.id) - Number(b.id));
    return slice(rows, page).map(licenseRow);
  },
};
