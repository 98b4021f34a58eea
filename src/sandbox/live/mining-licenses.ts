// GET /v2/mining/licenses/ (live): the spec edition's license register with the live fields,
// filtered (province, commodity, holder slug, type, activity, clear-and-clean, expiring within a
// year) and sorted by `order_by` (default: soonest expiry first; ties in register order).
import { SERVICE_BOUNDS } from "../../../shared";
import { licenseExtras } from "../data/mining-license-extras";
import { LICENSES, type License } from "../data/mining-licenses";
import { addDays } from "../dates";
import { describedChoice, describedOrder } from "../described";
import type { Endpoint } from "../endpoint";
import { limitOffset, sameText } from "../query";
import { envelope } from "./envelope";

type Live = ReturnType<typeof liveLicense>;

function liveLicense(l: License) {
  const x = licenseExtras(l);
  return {
    wiup_code: x.wiup_code,
    license_number: l.license_number,
    license_type: l.license_type,
    province: l.province,
    city: l.city,
    license_effective_date: l.license_effective_date,
    license_expiry_date: l.permit_expiry_date,
    activity: l.activity,
    licensed_area_ha: l.licensed_area_ha,
    location: x.location,
    commodity_type: l.commodity,
    company_name: l.company_name,
    cnc: x.cnc,
    generation: x.generation,
    company_slug: x.company_slug,
  };
}

const ALL: readonly Live[] = LICENSES.map(liveLicense);

export const liveMiningLicenses: Endpoint = {
  path: "/v2/mining/licenses/",
  handle({ query: q, today }) {
    const province = q.str("province");
    const commodity = q.str("commodity_type");
    const company = q.str("company")?.toLowerCase();
    const { field, descending } = describedOrder(liveMiningLicenses.path, q, "license_expiry_date") as {
      field: "license_expiry_date" | "license_effective_date" | "licensed_area_ha" | "commodity_type";
      descending: boolean;
    };
    const soon = q.bool("expiring_soon", false);
    const type = describedChoice(liveMiningLicenses.path, q, "license_type");
    const activity = describedChoice(liveMiningLicenses.path, q, "activity");
    const cnc = q.has("cnc") ? q.bool("cnc", false) : undefined;
    const page = limitOffset(q);
    const horizon = addDays(today, SERVICE_BOUNDS.expiringSoonDays);
    const rows = ALL.filter(
      (l) =>
        (!province || sameText(l.province, province)) &&
        (!commodity || sameText(l.commodity_type, commodity)) &&
        (!company || l.company_slug === company) &&
        (!type || l.license_type === type) &&
        (!activity || l.activity === activity) &&
        (cnc === undefined || cnc === (l.cnc === "CNC")) &&
        (!soon || (l.license_expiry_date >= today && l.license_expiry_date <= horizon)),
    );
    const sign = descending ? -1 : 1;
    // A stable sort keeps register order among equal keys.
    rows.sort((a, b) => sign * compare(a[field], b[field]));
    return envelope(rows, page);
  },
};

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
