// SGX companies by sector (kebab-case slugs like the real sector list), each with its sub-sector
// as the live service names it. Names are the listed companies' usual short legal names.

type Listing = [symbol: string, name: string, subSector: string];

const SECTORS: ReadonlyMap<string, readonly Listing[]> = new Map<string, Listing[]>([
  [
    "financial-services",
    [
      ["D05", "DBS Group Holdings Ltd", "Banks"],
      ["O39", "Oversea-Chinese Banking Corporation Ltd", "Banks"],
      ["U11", "United Overseas Bank Ltd", "Banks"],
      ["S68", "Singapore Exchange Ltd", "Financial Data & Stock Exchanges"],
      ["G07", "Great Eastern Holdings Ltd", "Insurance - Life"],
      ["S41", "Hong Leong Finance Ltd", "Credit Services"],
    ],
  ],
  [
    "real-estate",
    [
      ["C38U", "CapitaLand Integrated Commercial Trust", "REIT - Retail"],
      ["A17U", "CapitaLand Ascendas REIT", "REIT - Industrial"],
      ["9CI", "CapitaLand Investment Ltd", "Real Estate Services"],
      ["C09", "City Developments Ltd", "Real Estate - Development"],
      ["U14", "UOL Group Ltd", "Real Estate - Development"],
      ["M44U", "Mapletree Logistics Trust", "REIT - Industrial"],
      ["N2IU", "Mapletree Pan Asia Commercial Trust", "REIT - Retail"],
      ["ME8U", "Mapletree Industrial Trust", "REIT - Industrial"],
      ["AJBU", "Keppel DC REIT", "REIT - Specialty"],
      ["BUOU", "Frasers Logistics & Commercial Trust", "REIT - Industrial"],
      ["H78", "Hongkong Land Holdings Ltd", "Real Estate Services"],
    ],
  ],
  [
    "communication-services",
    [
      ["Z74", "Singapore Telecommunications Ltd", "Telecom Services"],
      ["CC3", "StarHub Ltd", "Telecom Services"],
      ["T39", "Singapore Press Holdings Ltd", "Publishing"],
    ],
  ],
  [
    "industrials",
    [
      ["S63", "Singapore Technologies Engineering Ltd", "Aerospace & Defense"],
      ["BN4", "Keppel Ltd", "Conglomerates"],
      ["5E2", "Seatrium Ltd", "Engineering & Construction"],
      ["C52", "ComfortDelGro Corporation Ltd", "Railroads"],
      ["BS6", "Yangzijiang Shipbuilding (Holdings) Ltd", "Specialty Industrial Machinery"],
      ["J36", "Jardine Matheson Holdings Ltd", "Conglomerates"],
      ["C07", "Jardine Cycle & Carriage Ltd", "Auto & Truck Dealerships"],
    ],
  ],
  [
    "consumer-defensive",
    [
      ["F34", "Wilmar International Ltd", "Farm Products"],
      ["Y92", "Thai Beverage Public Company Ltd", "Beverages - Brewers"],
      ["OV8", "Sheng Siong Group Ltd", "Grocery Stores"],
      ["D01", "DFI Retail Group Holdings Ltd", "Grocery Stores"],
      ["G13", "Genting Singapore Ltd", "Resorts & Casinos"],
      ["Q01", "QAF Ltd", "Packaged Foods"],
    ],
  ],
  [
    "transportation",
    [
      ["C6L", "Singapore Airlines Ltd", "Airlines"],
      ["S58", "SATS Ltd", "Airports & Air Services"],
      ["S59", "SIA Engineering Company Ltd", "Aerospace & Defense"],
    ],
  ],
  [
    "utilities",
    [
      ["U96", "Sembcorp Industries Ltd", "Utilities - Diversified"],
      ["LJ3", "Keppel Infrastructure Trust", "Utilities - Regulated Gas"],
    ],
  ],
  [
    "technology",
    [
      ["AWX", "AEM Holdings Ltd", "Semiconductor Equipment & Materials"],
      ["V03", "Venture Corporation Ltd", "Electronic Components"],
      ["558", "UMS Integration Ltd", "Semiconductor Equipment & Materials"],
    ],
  ],
  [
    "healthcare",
    [
      ["BSL", "Raffles Medical Group Ltd", "Medical Care Facilities"],
      ["QC7", "Q&M Dental Group (Singapore) Ltd", "Medical Care Facilities"],
    ],
  ],
  [
    "energy-minerals",
    [
      ["RE4", "Geo Energy Resources Ltd", "Thermal Coal"],
      ["5WH", "Rex International Holding Ltd", "Oil & Gas E&P"],
    ],
  ],
]);

export const SGX_SECTORS = [...SECTORS.keys()];

/** The companies of a sector slug, or undefined for a slug the demo does not have. */
export function sgxCompanies(sector: string): { symbol: string; company_name: string; sub_sector: string }[] | undefined {
  return SECTORS.get(sector)?.map(([symbol, company_name, sub_sector]) => ({ symbol, company_name, sub_sector }));
}

export function sgxCompany(symbol: string): { symbol: string; name: string } | undefined {
  for (const rows of SECTORS.values()) {
    const hit = rows.find(([s]) => s === symbol);
    if (hit) return { symbol: hit[0], name: hit[1] };
  }
  return undefined;
}
