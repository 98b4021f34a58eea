// KLSE universe: rounded public magnitudes in MYR billions (market cap, latest annual revenue),
// net margin, dividend yield, a price-to-book anchor and the share price in MYR (about 2025), whose
// ratio to the cap gives the shares. The report generator adds seeded noise.

export interface KlseCompany {
  symbol: string;
  name: string;
  sector: string;
  subSector: string;
  mcapBn: number;
  revenueBn: number;
  growth: number;
  margin: number;
  dividendYield: number;
  pb: number;
  employees: number | null;
  /** The share price in MYR at the reference market cap. */
  price: number;
}

type Row = [string, string, string, string, number, number, number, number, number, number, number | null, number];

const ROWS: Row[] = [
  ["1155", "Malayan Banking Berhad", "Financials", "Banks", 122, 26, 0.05, 0.36, 0.06, 1.3, 43000, 10.1],
  ["1295", "Public Bank Berhad", "Financials", "Banks", 85, 14, 0.04, 0.45, 0.045, 1.5, 19000, 4.4],
  ["1023", "CIMB Group Holdings Berhad", "Financials", "Banks", 80, 21, 0.06, 0.33, 0.055, 1.1, 33000, 7.5],
  ["5819", "Hong Leong Bank Berhad", "Financials", "Banks", 43, 5.5, 0.05, 0.65, 0.03, 1.2, 7000, 20.5],
  ["1066", "RHB Bank Berhad", "Financials", "Banks", 27, 8, 0.03, 0.35, 0.065, 0.8, 14000, 6.5],
  ["1818", "Bursa Malaysia Berhad", "Financials", "Investment Banking & Brokerage", 6.5, 0.75, 0.06, 0.35, 0.045, 7.5, 600, 8.5],
  ["5347", "Tenaga Nasional Berhad", "Utilities", "Electric Utilities", 75, 53, 0.04, 0.07, 0.035, 1.2, 35000, 13.5],
  ["6742", "YTL Power International Berhad", "Utilities", "Multiline Utilities", 30, 22, 0.05, 0.15, 0.02, 1.4, null, 3.8],
  ["6033", "Petronas Gas Berhad", "Utilities", "Natural Gas Utilities", 35, 6.3, 0.02, 0.3, 0.04, 2.8, 2000, 17.5],
  ["4677", "YTL Corporation Berhad", "Utilities", "Multiline Utilities", 20, 30, 0.05, 0.07, 0.02, 1.1, null, 2.2],
  ["6947", "CelcomDigi Berhad", "Telecommunications", "Wireless Telecommunications Services", 48, 12.7, 0.02, 0.12, 0.04, 2.9, 3000, 3.9],
  ["6888", "Axiata Group Berhad", "Telecommunications", "Wireless Telecommunications Services", 23, 22, 0.03, 0.02, 0.04, 1.1, 12000, 2.4],
  [
    "4863",
    "Telekom Malaysia Berhad",
    "Telecommunications",
    "Integrated Telecommunications Services",
    27,
    12,
    0.02,
    0.15,
    0.03,
    2.6,
    20000,
    6.8,
  ],
  ["4707", "Nestle (Malaysia) Berhad", "Consumer Non-Cyclicals", "Food Processing", 25, 7, 0.04, 0.09, 0.028, 30, 5000, 90],
  ["4065", "PPB Group Berhad", "Consumer Non-Cyclicals", "Food Processing", 20, 5, 0.05, 0.2, 0.025, 0.8, null, 11],
  ["1961", "IOI Corporation Berhad", "Consumer Non-Cyclicals", "Agricultural Products", 25, 11, 0.02, 0.1, 0.03, 2.1, 25000, 3.9],
  ["2445", "Kuala Lumpur Kepong Berhad", "Consumer Non-Cyclicals", "Agricultural Products", 24, 23, 0.03, 0.04, 0.025, 1.5, 40000, 21],
  ["5285", "SD Guthrie Berhad", "Consumer Non-Cyclicals", "Agricultural Products", 33, 19, 0.02, 0.1, 0.03, 1.6, 90000, 4.8],
  ["7084", "QL Resources Berhad", "Consumer Non-Cyclicals", "Food Processing", 16, 6.5, 0.08, 0.06, 0.015, 4.5, 6000, 4.4],
  ["4197", "Sime Darby Berhad", "Consumer Cyclicals", "Automobiles & Auto Parts", 16, 68, 0.06, 0.02, 0.05, 0.9, 24000, 2.2],
  ["5248", "Bermaz Auto Berhad", "Consumer Cyclicals", "Automobiles & Auto Parts", 2.5, 3.8, 0.04, 0.07, 0.08, 2.4, 700, 2.1],
  ["5183", "Petronas Chemicals Group Berhad", "Basic Materials", "Commodity Chemicals", 40, 29, 0.02, 0.1, 0.035, 1.4, 5000, 5],
  ["8869", "Press Metal Aluminium Holdings Berhad", "Basic Materials", "Aluminum", 40, 15, 0.06, 0.08, 0.02, 5.5, 3000, 5],
  ["5681", "Petronas Dagangan Berhad", "Energy", "Oil & Gas Refining and Marketing", 20, 38, 0.03, 0.025, 0.04, 3.3, 1000, 20],
  ["5199", "Hibiscus Petroleum Berhad", "Energy", "Oil & Gas Exploration and Production", 1.5, 2.5, 0.04, 0.15, 0.04, 0.5, 600, 1.8],
  ["3816", "MISC Berhad", "Energy", "Oil & Gas Transportation Services", 33, 14, 0.03, 0.15, 0.045, 0.9, 8000, 7.5],
  ["5225", "IHH Healthcare Berhad", "Healthcare", "Healthcare Facilities & Services", 60, 21, 0.08, 0.1, 0.015, 2, 70000, 6.8],
  ["7113", "Top Glove Corporation Bhd", "Healthcare", "Medical Equipment, Supplies & Distribution", 7, 2.5, 0.05, -0.1, 0, 1.6, 14000, 0.8],
  [
    "5168",
    "Hartalega Holdings Berhad",
    "Healthcare",
    "Medical Equipment, Supplies & Distribution",
    8,
    1.9,
    0.05,
    0.02,
    0.01,
    1.9,
    8000,
    2.2,
  ],
  ["7148", "Duopharma Biotech Berhad", "Healthcare", "Pharmaceuticals", 0.95, 0.75, 0.04, 0.08, 0.035, 1.2, 1500, 1],
  ["0166", "Inari Amertron Berhad", "Technology", "Semiconductors", 11, 1.4, 0.05, 0.2, 0.025, 4.5, 5000, 2.9],
  ["0097", "ViTrox Corporation Berhad", "Technology", "Semiconductor Equipment & Testing", 7, 0.6, 0.06, 0.15, 0.008, 4, 1000, 3.6],
  ["0138", "MyEG Services Berhad", "Technology", "IT Services & Consulting", 6, 0.9, 0.1, 0.4, 0.02, 2.2, 2000, 0.9],
  ["7233", "Dufu Technology Corp. Berhad", "Technology", "Computer Hardware", 0.9, 0.3, 0.04, 0.12, 0.03, 2, 800, 1.6],
  ["5398", "Gamuda Berhad", "Industrials", "Construction & Engineering", 25, 13, 0.1, 0.07, 0.02, 1.7, 6000, 4.8],
  ["5211", "Sunway Berhad", "Industrials", "Diversified Industrial Goods Wholesale", 25, 6, 0.06, 0.12, 0.015, 1.8, 14000, 4.5],
  ["5099", "Capital A Berhad", "Industrials", "Airlines", 3.5, 14, 0.15, 0.05, 0, 4, 20000, 0.8],
  [
    "5200",
    "UOA Development Bhd",
    "Real Estate",
    "Real Estate Rental, Development & Operations",
    3.2,
    0.7,
    0.01,
    0.25,
    0.09,
    0.5,
    null,
    1.3,
  ],
  [
    "5236",
    "Matrix Concepts Holdings Berhad",
    "Real Estate",
    "Real Estate Rental, Development & Operations",
    2.2,
    1.3,
    0.04,
    0.18,
    0.065,
    1,
    900,
    1.4,
  ],
];

export const KLSE_COMPANIES: KlseCompany[] = ROWS.map(
  ([symbol, name, sector, subSector, mcapBn, revenueBn, growth, margin, dividendYield, pb, employees, price]) => ({
    symbol,
    name,
    sector,
    subSector,
    mcapBn,
    revenueBn,
    growth,
    margin,
    dividendYield,
    pb,
    employees,
    price,
  }),
);

/** Sector slug used by /v1/klse/sectors/ and the `sector` parameters ("Consumer Non-Cyclicals" -> "consumer-non-cyclicals"). */
export const klseSlug = (sector: string) =>
  sector
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const KLSE_SECTORS = [...new Set(KLSE_COMPANIES.map((c) => klseSlug(c.sector)))].sort();
