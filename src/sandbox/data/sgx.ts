// SGX companies by sector (kebab-case slugs like the real sector list), each with its sub-sector
// as the live service names it. Names are the listed companies' usual short legal names. Each has
// its rounded real share price in SGD (about mid-2025, or its last before it was delisted; the
// Jardine companies and Hongkong Land, quoted in USD, at their SGD worth) and its shares in
// billions, so that caps rank as the exchange's do: DBS first, then OCBC, Singtel and UOB.

type Listing = [symbol: string, name: string, subSector: string, price: number, sharesBn: number];

const SECTORS: ReadonlyMap<string, readonly Listing[]> = new Map<string, Listing[]>([
  [
    "financial-services",
    [
      ["D05", "DBS Group Holdings Ltd", "Banks", 45.0, 2.84],
      ["O39", "Oversea-Chinese Banking Corporation Ltd", "Banks", 16.5, 4.49],
      ["U11", "United Overseas Bank Ltd", "Banks", 35.0, 1.67],
      ["S68", "Singapore Exchange Ltd", "Financial Data & Stock Exchanges", 14.5, 1.07],
      ["G07", "Great Eastern Holdings Ltd", "Insurance - Life", 24.0, 0.473],
      ["S41", "Hong Leong Finance Ltd", "Credit Services", 2.5, 0.45],
    ],
  ],
  [
    "real-estate",
    [
      ["C38U", "CapitaLand Integrated Commercial Trust", "REIT - Retail", 2.1, 7.35],
      ["A17U", "CapitaLand Ascendas REIT", "REIT - Industrial", 2.65, 4.4],
      ["9CI", "CapitaLand Investment Ltd", "Real Estate Services", 2.7, 5.0],
      ["C09", "City Developments Ltd", "Real Estate - Development", 5.3, 0.907],
      ["U14", "UOL Group Ltd", "Real Estate - Development", 6.0, 0.845],
      ["M44U", "Mapletree Logistics Trust", "REIT - Industrial", 1.25, 5.07],
      ["N2IU", "Mapletree Pan Asia Commercial Trust", "REIT - Retail", 1.28, 5.26],
      ["ME8U", "Mapletree Industrial Trust", "REIT - Industrial", 2.05, 2.85],
      ["AJBU", "Keppel DC REIT", "REIT - Specialty", 2.2, 1.98],
      ["BUOU", "Frasers Logistics & Commercial Trust", "REIT - Industrial", 0.88, 3.76],
      ["H78", "Hongkong Land Holdings Ltd", "Real Estate Services", 6.6, 2.2],
      ["RW0U", "Mapletree North Asia Commercial Trust", "REIT - Diversified", 1.1, 3.5],
    ],
  ],
  [
    "communication-services",
    [
      ["Z74", "Singapore Telecommunications Ltd", "Telecom Services", 3.8, 16.5],
      ["CC3", "StarHub Ltd", "Telecom Services", 1.15, 1.73],
      ["T39", "Singapore Press Holdings Ltd", "Publishing", 2.1, 1.61],
    ],
  ],
  [
    "industrials",
    [
      ["S63", "Singapore Technologies Engineering Ltd", "Aerospace & Defense", 7.0, 3.12],
      ["BN4", "Keppel Ltd", "Conglomerates", 7.0, 1.81],
      ["5E2", "Seatrium Ltd", "Engineering & Construction", 2.0, 3.41],
      ["C52", "ComfortDelGro Corporation Ltd", "Railroads", 1.45, 2.17],
      ["BS6", "Yangzijiang Shipbuilding (Holdings) Ltd", "Specialty Industrial Machinery", 2.6, 3.94],
      ["J36", "Jardine Matheson Holdings Ltd", "Conglomerates", 60.0, 0.29],
      ["J37", "Jardine Strategic Holdings Ltd", "Conglomerates", 44.0, 1.11],
      ["C07", "Jardine Cycle & Carriage Ltd", "Auto & Truck Dealerships", 28.0, 0.395],
    ],
  ],
  [
    "consumer-defensive",
    [
      ["F34", "Wilmar International Ltd", "Farm Products", 3.1, 6.24],
      ["Y92", "Thai Beverage Public Company Ltd", "Beverages - Brewers", 0.52, 25.1],
      ["OV8", "Sheng Siong Group Ltd", "Grocery Stores", 1.7, 1.5],
      ["D01", "DFI Retail Group Holdings Ltd", "Grocery Stores", 3.8, 1.35],
      ["G13", "Genting Singapore Ltd", "Resorts & Casinos", 0.75, 12.1],
      ["Q01", "QAF Ltd", "Packaged Foods", 0.85, 0.575],
    ],
  ],
  [
    "transportation",
    [
      ["C6L", "Singapore Airlines Ltd", "Airlines", 6.5, 2.97],
      ["S58", "SATS Ltd", "Airports & Air Services", 3.3, 1.49],
      ["S59", "SIA Engineering Company Ltd", "Aerospace & Defense", 2.4, 1.12],
    ],
  ],
  [
    "utilities",
    [
      ["U96", "Sembcorp Industries Ltd", "Utilities - Diversified", 5.8, 1.78],
      ["LJ3", "Keppel Infrastructure Trust", "Utilities - Regulated Gas", 0.44, 5.6],
    ],
  ],
  [
    "technology",
    [
      ["AWX", "AEM Holdings Ltd", "Semiconductor Equipment & Materials", 1.4, 0.31],
      ["V03", "Venture Corporation Ltd", "Electronic Components", 13.0, 0.29],
      ["558", "UMS Integration Ltd", "Semiconductor Equipment & Materials", 1.1, 0.71],
    ],
  ],
  [
    "healthcare",
    [
      ["BSL", "Raffles Medical Group Ltd", "Medical Care Facilities", 0.95, 1.86],
      ["QC7", "Q&M Dental Group (Singapore) Ltd", "Medical Care Facilities", 0.3, 0.95],
    ],
  ],
  [
    "energy-minerals",
    [
      ["RE4", "Geo Energy Resources Ltd", "Thermal Coal", 0.3, 1.4],
      ["5WH", "Rex International Holding Ltd", "Oil & Gas E&P", 0.12, 1.3],
    ],
  ],
]);

/** When a company joined or left the exchange, where that falls inside the data (2019 on): no
 *  price, event or list entry before `listed` nor from `delisted` on. The real days: CapitaLand
 *  Investment listed on its demerger, Jardine Strategic went with its amalgamation into Jardine
 *  Matheson, Singapore Press Holdings with its privatisation, Mapletree North Asia Commercial
 *  Trust with its merger into Mapletree Pan Asia Commercial Trust. */
const LISTING_DATES: Readonly<Record<string, { listed?: string; delisted?: string }>> = {
  "9CI": { listed: "2021-09-20" },
  J37: { delisted: "2021-04-14" },
  T39: { delisted: "2022-05-13" },
  RW0U: { delisted: "2022-08-03" },
};

export interface SgxCompany {
  symbol: string;
  company_name: string;
  sub_sector: string;
  /** The share price's level (SGD) and the shares it multiplies into the market cap. */
  price: number;
  shares: number;
  /** The first day it was listed, if after the data begins. */
  listed?: string;
  /** The first day it was no longer listed, if it has been delisted. */
  delisted?: string;
}

const company = ([symbol, company_name, sub_sector, price, sharesBn]: Listing): SgxCompany => ({
  symbol,
  company_name,
  sub_sector,
  price,
  shares: Math.round(sharesBn * 1e9),
  ...LISTING_DATES[symbol],
});

/** True when the company is listed on that day (YYYY-MM-DD). */
export const isSgxListed = (c: Pick<SgxCompany, "listed" | "delisted">, date: string): boolean =>
  (c.listed === undefined || date >= c.listed) && (c.delisted === undefined || date < c.delisted);

export const SGX_SECTORS = [...SECTORS.keys()];

/** The companies of a sector slug (listed or not: callers keep those listed on their day), or
 *  undefined for a slug the demo does not have. */
export function sgxCompanies(sector: string): SgxCompany[] | undefined {
  return SECTORS.get(sector)?.map(company);
}

/** A company by symbol, with its listing dates. */
export function sgxListing(symbol: string): SgxCompany | undefined {
  for (const rows of SECTORS.values()) {
    const hit = rows.find(([s]) => s === symbol);
    if (hit) return company(hit);
  }
  return undefined;
}

export function sgxCompany(symbol: string): { symbol: string; name: string } | undefined {
  for (const rows of SECTORS.values()) {
    const hit = rows.find(([s]) => s === symbol);
    if (hit) return { symbol: hit[0], name: hit[1] };
  }
  return undefined;
}
