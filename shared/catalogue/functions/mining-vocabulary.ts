// The fixed values the live mining paths take, as the provider's description lists them for each
// path (each path has its own list: the auctions know four commodities, the reserves seven), so
// that a cell outside them is refused before any request, and Excel offers them as a pick list.

export const EXPORT_COMMODITIES = ["Coal", "Copper", "Gold"] as const;
export const PRODUCTION_COMMODITIES = ["Coal", "Copper", "Gold", "Nickel"] as const;
export const RESERVE_COMMODITIES = ["Coal", "Cobalt", "Copper", "Gold", "Nickel", "Silver", "Tin"] as const;

export const AUCTION_PROVINCES = [
  "Bengkulu",
  "Gorontalo",
  "Kalimantan Tengah",
  "Maluku Utara",
  "Nusa Tenggara Barat",
  "Sulawesi Selatan",
  "Sulawesi Utara",
  "Sumatera Selatan",
] as const;
export const AUCTION_AREA_TYPES = ["WIUP", "WIUPK"] as const;
/** An `order_by`'s values: each field, ascending, then descending with "-". */
const orderChoices = (fields: readonly string[]) => fields.flatMap((f) => [f, `-${f}`]);
/** The service's default is -winner_date. */
export const AUCTION_ORDER = orderChoices(["winner_date", "licensed_area_ha", "participant_count", "commodity_type"]);

/** The provinces the resources and reserves are given for. */
export const RESERVE_PROVINCES = [
  "Aceh",
  "Banten",
  "Bengkulu",
  "Gorontalo",
  "Jambi",
  "Jawa Barat",
  "Jawa Tengah",
  "Jawa Timur",
  "Kalimantan Barat",
  "Kalimantan Selatan",
  "Kalimantan Tengah",
  "Kalimantan Timur",
  "Kalimantan Utara",
  "Kepulauan Bangka Belitung",
  "Kepulauan Riau",
  "Lampung",
  "Maluku",
  "Maluku Utara",
  "Nusa Tenggara Barat",
  "Nusa Tenggara Timur",
  "Papua",
  "Papua Barat",
  "Papua Barat Daya",
  "Papua Tengah",
  "Riau",
  "Sulawesi Barat",
  "Sulawesi Selatan",
  "Sulawesi Tengah",
  "Sulawesi Tenggara",
  "Sulawesi Utara",
  "Sumatera Barat",
  "Sumatera Selatan",
  "Sumatera Utara",
] as const;

/** The older mining paths' filters (MINING_COMPANIES, MINING_LICENSES, MINING_SITES, GLOBAL_COMMODITY). */
export const LIVE_MINING_COMPANY_COMMODITIES = ["Aluminium", "Coal", "Copper", "Gold", "Nickel", "Silver", "Zinc and Lead"] as const;
export const LIVE_LICENSE_COMMODITIES = [
  "Bauxite",
  "Clay",
  "Coal",
  "Copper",
  "Gold",
  "Granite",
  "Iron",
  "Limestone",
  "Nickel",
  "Non-Metallic Mineral",
  "Others",
  "Sand",
  "Sand, Stone, Gravel",
  "Tin",
] as const;
export const LIVE_SITE_COMMODITIES = ["Coal", "Copper", "Gold", "Nickel"] as const;
export const LIVE_GLOBAL_COMMODITIES = ["Bauxite", "Coal", "Copper", "Gold", "Nickel"] as const;
export const LIVE_SITE_PROVINCES = [
  "Aceh",
  "Banten",
  "Gorontalo",
  "Jambi",
  "Jawa Timur",
  "Kalimantan Selatan",
  "Kalimantan Tengah",
  "Kalimantan Timur",
  "Kalimantan Utara",
  "Maluku",
  "Maluku Utara",
  "Nusa Tenggara Barat",
  "Papua",
  "Papua Barat",
  "Sulawesi Barat",
  "Sulawesi Selatan",
  "Sulawesi Tengah",
  "Sulawesi Tenggara",
  "Sulawesi Utara",
  "Sumatera Barat",
  "Sumatera Selatan",
  "Sumatera Utara",
] as const;
/** The licence register's provinces: the sites' and those with licences but no site. */
export const LIVE_LICENSE_PROVINCES: readonly string[] = [
  ...LIVE_SITE_PROVINCES,
  "Bali",
  "Bengkulu",
  "Jawa Barat",
  "Jawa Tengah",
  "Kalimantan Barat",
  "Kalimantan Tengah, Kalimantan Timur",
  "Kepulauan Bangka Belitung",
  "Kepulauan Riau",
  "Lampung",
  "Nusa Tenggara Timur",
  "Papua Barat Daya",
  "Papua Tengah",
  "Riau",
  "Sulawesi Tengah, Gorontalo, Sulawesi Utara",
  "Yogyakarta",
].sort();

/** `company_type` of /v2/mining/companies/. */
export const MINING_COMPANY_TYPES = ["Consultant", "Contractor", "Holding", "Manufacturer", "Mine Owner", "Trader"] as const;
/** `license_type` and `activity` of /v2/mining/licenses/. */
export const LICENSE_TYPES = ["IPR", "IUP", "IUPK", "KK", "PKP2B", "SIPB"] as const;
export const LICENSE_ACTIVITIES = ["Eksplorasi", "Operasi Produksi"] as const;
/** `order_by` of /v2/mining/licenses/ and /v2/mining/sites/. */
export const LICENSE_ORDER = orderChoices(["license_expiry_date", "license_effective_date", "licensed_area_ha", "commodity_type"]);
export const SITE_ORDER = ["-year", "year", "-production_volume", "production_volume", "-strip_ratio", "strip_ratio"] as const;
/** `commodity_type` of /v2/mining/companies/performance/{slug}/. */
export const PERFORMANCE_COMMODITIES = ["Coal", "Copper", "Gold", "Nickel", "Silver"] as const;
