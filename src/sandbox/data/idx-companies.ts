// The IDX company universe of the sandbox. Figures are rounded public magnitudes (IDR trillions,
// shares in billions) so the generated financials look like the real thing; the generator adds
// seeded noise. Cycles are multipliers per year from 2019 (commodity booms, the 2020 slump).
// The companies below are written out in full; idx-companies-more.ts adds more as one row each, and
// idx-edge-companies.ts six fictional ones whose statements have the edges of real filings.
import { type Kind, MORE_COMPANIES, type Row } from "./idx-companies-more";
import { EDGE_COMPANIES, type StatementHabits } from "./idx-edge-companies";

export interface IdxCompany {
  symbol: string; // without ".JK"
  name: string;
  /** The day its shares were first listed on IDX: no price, statement or filing before it. */
  listed: string;
  sector: string;
  subSector: string;
  industry: string;
  subIndustry: string;
  bank: boolean;
  /** Annual revenue in 2019, IDR trillions (banks: interest income). */
  rev19: number;
  growth: number;
  revCycle?: number[];
  /** Net margin on revenue; `margins` overrides it per year from 2019. */
  margin: number;
  margins?: number[];
  /** Total assets at the end of 2018, IDR trillions. */
  assets19: number;
  sharesBn: number;
  /** The share price's level in 2019 (IDR): where the seeded path starts. */
  price19: number;
  priceDrift: number;
  payout: number;
  /** Banks: interest expense as a share of interest income. */
  costOfFunds?: number;
  segments: [string, number][];
  /** How it files its statements where it differs from the rest (idx-edge-companies.ts). */
  habits?: StatementHabits;
  /** The day its shares were suspended (never lifted in the demo data): no trade from then on. */
  suspended?: string;
}

const COAL = [1, 0.75, 1.2, 2.0, 1.55, 1.3, 1.2, 1.15];
const COAL_MARGIN = [1, 0.7, 1.5, 1.9, 1.2, 1.0, 0.9, 0.9];
const BANK_MARGIN = [1, 0.72, 0.95, 1.2, 1.35, 1.4, 1.42, 1.45];

const BANK = { sector: "financials", subSector: "banks", industry: "banks", subIndustry: "banks", bank: true };
const BANK_SEGMENTS: [string, number][] = [
  ["Corporate Banking", 0.33],
  ["Retail Banking", 0.27],
  ["Commercial & SME Banking", 0.25],
  ["Treasury & Others", 0.15],
];
const TELCO = { sector: "infrastructures", subSector: "telecommunication", industry: "telecommunication-service", bank: false };
const FOOD = {
  sector: "consumer-non-cyclicals",
  subSector: "food-beverage",
  industry: "processed-foods",
  subIndustry: "processed-foods",
  bank: false,
};
const TECH = { sector: "technology", subSector: "software-it-services", bank: false };
const COALCO = { sector: "energy", subSector: "oil-gas-coal", industry: "coal", subIndustry: "coal-production", bank: false };
const METAL = { sector: "basic-materials", subSector: "basic-materials", industry: "metals-minerals", bank: false };

const bankMargin = (m: number) => BANK_MARGIN.map((x) => m * x);
const coalMargin = (m: number) => COAL_MARGIN.map((x) => m * x);

const FIRST_ROWS: IdxCompany[] = [
  {
    symbol: "BBCA",
    name: "Bank Central Asia Tbk",
    listed: "2000-05-31",
    ...BANK,
    rev19: 63,
    growth: 0.08,
    margin: 0.45,
    margins: bankMargin(0.45).map((x) => Math.min(x, 0.62)),
    assets19: 918,
    sharesBn: 123.28,
    price19: 5200,
    priceDrift: 0.05,
    payout: 0.6,
    costOfFunds: 0.12,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BBRI",
    name: "Bank Rakyat Indonesia (Persero) Tbk",
    listed: "2003-11-10",
    ...BANK,
    rev19: 121,
    growth: 0.07,
    margin: 0.28,
    margins: bankMargin(0.28),
    assets19: 1416,
    sharesBn: 151.56,
    price19: 3600,
    priceDrift: 0.03,
    payout: 0.8,
    costOfFunds: 0.27,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BMRI",
    name: "Bank Mandiri (Persero) Tbk",
    listed: "2003-07-14",
    ...BANK,
    rev19: 89,
    growth: 0.09,
    margin: 0.31,
    margins: bankMargin(0.31),
    assets19: 1318,
    sharesBn: 93.33,
    price19: 3600,
    priceDrift: 0.08,
    payout: 0.6,
    costOfFunds: 0.3,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BBNI",
    name: "Bank Negara Indonesia (Persero) Tbk",
    listed: "1996-11-25",
    ...BANK,
    rev19: 56,
    growth: 0.05,
    margin: 0.27,
    margins: bankMargin(0.27),
    assets19: 845,
    sharesBn: 37.3,
    price19: 4300,
    priceDrift: 0.01,
    payout: 0.5,
    costOfFunds: 0.33,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BRIS",
    name: "Bank Syariah Indonesia Tbk",
    listed: "2018-05-09",
    ...BANK,
    rev19: 20,
    growth: 0.12,
    margin: 0.15,
    margins: bankMargin(0.15),
    assets19: 240,
    sharesBn: 46.13,
    price19: 1200,
    priceDrift: 0.15,
    payout: 0.1,
    costOfFunds: 0.25,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BNGA",
    name: "Bank CIMB Niaga Tbk",
    listed: "1989-11-29",
    ...BANK,
    rev19: 20,
    growth: 0.03,
    margin: 0.18,
    margins: bankMargin(0.18),
    assets19: 275,
    sharesBn: 24.88,
    price19: 950,
    priceDrift: 0.1,
    payout: 0.5,
    costOfFunds: 0.35,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "BBTN",
    name: "Bank Tabungan Negara (Persero) Tbk",
    listed: "2009-12-17",
    ...BANK,
    rev19: 25,
    growth: 0.04,
    margin: 0.08,
    margins: bankMargin(0.08),
    assets19: 311,
    sharesBn: 14.03,
    price19: 2000,
    priceDrift: -0.08,
    payout: 0.25,
    costOfFunds: 0.55,
    segments: BANK_SEGMENTS,
  },
  {
    symbol: "TLKM",
    name: "Telkom Indonesia (Persero) Tbk",
    listed: "1995-11-14",
    ...TELCO,
    subIndustry: "integrated-telecommunication-service",
    rev19: 135.6,
    growth: 0.03,
    margin: 0.14,
    assets19: 221,
    sharesBn: 99.06,
    price19: 3800,
    priceDrift: -0.03,
    payout: 0.75,
    segments: [
      ["Data, Internet & IT Services", 0.57],
      ["Cellular Voice & SMS", 0.15],
      ["Home Broadband", 0.13],
      ["Network & Other Telecommunication Services", 0.1],
      ["Interconnection", 0.05],
    ],
  },
  {
    symbol: "ISAT",
    name: "Indosat Tbk",
    listed: "1994-10-19",
    ...TELCO,
    subIndustry: "wireless-telecommunication-services",
    rev19: 26,
    growth: 0.12,
    margin: 0.05,
    assets19: 62,
    sharesBn: 32.25,
    price19: 1600,
    priceDrift: 0.12,
    payout: 0.3,
    segments: [
      ["Cellular", 0.85],
      ["Fixed Telecommunication", 0.1],
      ["Digital Services", 0.05],
    ],
  },
  {
    symbol: "EXCL",
    name: "XL Axiata Tbk",
    listed: "2005-09-29",
    ...TELCO,
    subIndustry: "wireless-telecommunication-services",
    rev19: 25,
    growth: 0.06,
    margin: 0.03,
    assets19: 62,
    sharesBn: 13.13,
    price19: 3000,
    priceDrift: -0.05,
    payout: 0.3,
    segments: [
      ["Cellular", 0.88],
      ["Fixed Broadband", 0.07],
      ["Enterprise Solutions", 0.05],
    ],
  },
  {
    symbol: "ASII",
    name: "Astra International Tbk",
    listed: "1990-04-04",
    sector: "industrials",
    subSector: "multi-sector-holdings",
    industry: "multi-sector-holdings",
    subIndustry: "multi-sector-holdings",
    bank: false,
    rev19: 237,
    growth: 0.04,
    revCycle: [1, 0.74, 0.98, 1.25, 1.32, 1.3, 1.32, 1.35],
    margin: 0.09,
    assets19: 351,
    sharesBn: 40.48,
    price19: 8200,
    priceDrift: -0.06,
    payout: 0.5,
    segments: [
      ["Automotive", 0.42],
      ["Heavy Equipment, Mining, Construction & Energy", 0.36],
      ["Financial Services", 0.1],
      ["Agribusiness", 0.08],
      ["Infrastructure & Logistics", 0.02],
      ["Information Technology", 0.01],
      ["Property", 0.01],
    ],
  },
  {
    symbol: "UNVR",
    name: "Unilever Indonesia Tbk",
    listed: "1982-01-11",
    sector: "consumer-non-cyclicals",
    subSector: "nondurable-household-products",
    industry: "household-products",
    subIndustry: "personal-care-products",
    bank: false,
    rev19: 42.9,
    growth: -0.03,
    margin: 0.17,
    margins: [0.17, 0.165, 0.15, 0.13, 0.12, 0.09, 0.1, 0.1],
    assets19: 20.6,
    sharesBn: 38.15,
    price19: 9000,
    priceDrift: -0.2,
    payout: 1,
    segments: [
      ["Home and Personal Care", 0.68],
      ["Foods and Refreshments", 0.32],
    ],
  },
  {
    symbol: "ICBP",
    name: "Indofood CBP Sukses Makmur Tbk",
    listed: "2010-10-07",
    ...FOOD,
    rev19: 42.3,
    growth: 0.09,
    margin: 0.12,
    assets19: 39,
    sharesBn: 11.66,
    price19: 10500,
    priceDrift: 0.01,
    payout: 0.5,
    segments: [
      ["Noodles", 0.7],
      ["Dairy", 0.1],
      ["Snack Foods", 0.07],
      ["Beverages", 0.06],
      ["Food Seasonings", 0.05],
      ["Nutrition & Special Foods", 0.02],
    ],
  },
  {
    symbol: "INDF",
    name: "Indofood Sukses Makmur Tbk",
    listed: "1994-07-14",
    ...FOOD,
    rev19: 76.6,
    growth: 0.07,
    margin: 0.06,
    assets19: 96,
    sharesBn: 8.78,
    price19: 7200,
    priceDrift: -0.02,
    payout: 0.4,
    segments: [
      ["Consumer Branded Products", 0.52],
      ["Bogasari Flour Mills", 0.2],
      ["Agribusiness", 0.16],
      ["Distribution", 0.08],
      ["Cultivation & Processed Plantation", 0.04],
    ],
  },
  {
    symbol: "MYOR",
    name: "Mayora Indah Tbk",
    listed: "1990-07-04",
    ...FOOD,
    rev19: 25,
    growth: 0.07,
    margin: 0.08,
    assets19: 19,
    sharesBn: 22.36,
    price19: 2000,
    priceDrift: 0.03,
    payout: 0.3,
    segments: [
      ["Domestic Sales", 0.58],
      ["Export Sales", 0.42],
    ],
  },
  {
    symbol: "GOTO",
    name: "GoTo Gojek Tokopedia Tbk",
    listed: "2022-04-11",
    ...TECH,
    industry: "online-applications-services",
    subIndustry: "online-applications-services",
    rev19: 2,
    growth: 0,
    revCycle: [1, 1.6, 2.3, 5.7, 7.4, 8, 8.6, 9.2],
    margin: -1,
    margins: [-4, -4.5, -4.7, -3.5, -6.1, -0.3, -0.05, 0.02],
    assets19: 80,
    sharesBn: 1184,
    // The path's level in 2019 (before it listed), so that it opens near the IPO price of 338.
    price19: 1390,
    priceDrift: -0.35,
    payout: 0,
    segments: [
      ["On-Demand Services", 0.45],
      ["E-Commerce", 0.3],
      ["Financial Technology", 0.25],
    ],
  },
  {
    symbol: "BUKA",
    name: "Bukalapak.com Tbk",
    listed: "2021-08-06",
    ...TECH,
    industry: "online-applications-services",
    subIndustry: "online-applications-services",
    rev19: 2.8,
    growth: 0.07,
    revCycle: [1, 0.8, 0.7, 1.25, 1.5, 1.5],
    margin: -0.5,
    margins: [-0.9, -0.6, -0.4, -0.1, -0.3, 0.3, 0.1, 0.1],
    assets19: 8,
    sharesBn: 103.1,
    // The path's level in 2019 (before it listed), so that it opens near the IPO price of 850.
    price19: 2140,
    priceDrift: -0.3,
    payout: 0,
    segments: [
      ["Mitra Bukalapak", 0.6],
      ["Marketplace", 0.35],
      ["Investment & Others", 0.05],
    ],
  },
  {
    symbol: "EMTK",
    name: "Elang Mahkota Teknologi Tbk",
    listed: "2010-01-12",
    ...TECH,
    industry: "it-services-consulting",
    subIndustry: "it-services-consulting",
    rev19: 8,
    growth: 0.08,
    margin: 0.1,
    assets19: 30,
    sharesBn: 61.3,
    price19: 1000,
    priceDrift: -0.05,
    payout: 0,
    segments: [
      ["Media", 0.55],
      ["Technology & Services", 0.3],
      ["Healthcare", 0.15],
    ],
  },
  {
    symbol: "ADRO",
    name: "Adaro Energy Indonesia Tbk",
    listed: "2008-07-16",
    ...COALCO,
    rev19: 49,
    growth: 0.02,
    revCycle: COAL,
    margin: 0.13,
    margins: coalMargin(0.13),
    assets19: 100,
    sharesBn: 31.99,
    price19: 1350,
    priceDrift: 0.15,
    payout: 0.45,
    segments: [
      ["Coal Mining & Trading", 0.88],
      ["Mining Services", 0.05],
      ["Logistics", 0.04],
      ["Power", 0.03],
    ],
  },
  {
    symbol: "ITMG",
    name: "Indo Tambang Raya Megah Tbk",
    listed: "2007-12-18",
    ...COALCO,
    rev19: 24.5,
    growth: 0.01,
    revCycle: COAL,
    margin: 0.1,
    margins: coalMargin(0.1),
    assets19: 17,
    sharesBn: 1.13,
    price19: 20000,
    priceDrift: 0.05,
    payout: 0.8,
    segments: [
      ["Coal (Export)", 0.82],
      ["Coal (Domestic)", 0.16],
      ["Services", 0.02],
    ],
  },
  {
    symbol: "PTBA",
    name: "Bukit Asam Tbk",
    listed: "2002-12-23",
    ...COALCO,
    rev19: 21.8,
    growth: 0.02,
    revCycle: COAL,
    margin: 0.19,
    margins: coalMargin(0.19),
    assets19: 26,
    sharesBn: 11.52,
    price19: 2700,
    priceDrift: 0,
    payout: 0.75,
    segments: [
      ["Coal (Domestic)", 0.55],
      ["Coal (Export)", 0.42],
      ["Other", 0.03],
    ],
  },
  {
    symbol: "BUMI",
    name: "Bumi Resources Tbk",
    listed: "1990-07-30",
    ...COALCO,
    rev19: 15,
    growth: 0.01,
    revCycle: COAL,
    margin: 0.01,
    margins: coalMargin(0.02),
    assets19: 52,
    sharesBn: 371.3,
    price19: 70,
    priceDrift: 0.05,
    payout: 0,
    segments: [
      ["Coal (Export)", 0.75],
      ["Coal (Domestic)", 0.25],
    ],
  },
  {
    symbol: "ANTM",
    name: "Aneka Tambang Tbk",
    listed: "1997-11-27",
    ...METAL,
    subIndustry: "diversified-metals-minerals",
    rev19: 32.7,
    growth: 0,
    revCycle: [1, 0.84, 1.17, 1.41, 1.3, 2.1, 2.3, 2.4],
    margin: 0.05,
    margins: [0.006, 0.04, 0.05, 0.1, 0.06, 0.05, 0.07, 0.07],
    assets19: 30,
    sharesBn: 24.03,
    price19: 800,
    priceDrift: 0.2,
    payout: 0.4,
    segments: [
      ["Gold", 0.65],
      ["Ferronickel", 0.15],
      ["Nickel Ore", 0.15],
      ["Bauxite & Alumina", 0.05],
    ],
  },
  {
    symbol: "INCO",
    name: "Vale Indonesia Tbk",
    listed: "1990-05-16",
    ...METAL,
    subIndustry: "diversified-metals-minerals",
    rev19: 11,
    growth: 0,
    revCycle: [1, 1.04, 1.23, 1.55, 1.72, 1.35, 1.2, 1.25],
    margin: 0.1,
    margins: [0.07, 0.1, 0.13, 0.17, 0.2, 0.06, 0.05, 0.06],
    assets19: 32,
    sharesBn: 9.94,
    price19: 3300,
    priceDrift: 0.05,
    payout: 0.2,
    segments: [
      ["Nickel in Matte", 0.97],
      ["Other", 0.03],
    ],
  },
  {
    symbol: "TINS",
    name: "Timah Tbk",
    listed: "1995-10-19",
    ...METAL,
    subIndustry: "diversified-metals-minerals",
    rev19: 19.3,
    growth: 0,
    revCycle: [1, 0.8, 0.75, 0.65, 0.43, 0.56, 0.6, 0.62],
    margin: 0.05,
    margins: [-0.03, -0.02, 0.09, 0.1, -0.04, 0.09, 0.08, 0.08],
    assets19: 20,
    sharesBn: 7.45,
    price19: 800,
    priceDrift: 0.05,
    payout: 0.3,
    segments: [
      ["Tin Metal", 0.9],
      ["Tin Chemicals", 0.05],
      ["Other", 0.05],
    ],
  },
  {
    symbol: "MDKA",
    name: "Merdeka Copper Gold Tbk",
    listed: "2015-06-19",
    ...METAL,
    subIndustry: "gold",
    rev19: 5.8,
    growth: 0,
    revCycle: [1, 0.85, 1.05, 2.2, 4.4, 4.6, 4.8, 5],
    margin: 0.1,
    margins: [0.2, 0.13, 0.13, 0.03, -0.01, -0.03, 0.01, 0.02],
    assets19: 22,
    sharesBn: 24.4,
    price19: 1700,
    priceDrift: 0.02,
    payout: 0,
    segments: [
      ["Nickel Pig Iron & Matte", 0.55],
      ["Gold", 0.3],
      ["Services", 0.1],
      ["Copper", 0.05],
    ],
  },
  {
    symbol: "BRMS",
    name: "Bumi Resources Minerals Tbk",
    listed: "2010-12-09",
    ...METAL,
    subIndustry: "gold",
    rev19: 0.3,
    growth: 0,
    revCycle: [1, 1.2, 1.8, 3, 4, 5, 5.5, 6],
    margin: 0.15,
    assets19: 11,
    sharesBn: 141.8,
    price19: 60,
    priceDrift: 0.25,
    payout: 0,
    segments: [
      ["Gold", 0.95],
      ["Silver", 0.05],
    ],
  },
  // Two of the exchange's largest companies since their 2023 listings: no price before them.
  {
    symbol: "AMMN",
    name: "Amman Mineral Internasional Tbk",
    listed: "2023-07-07",
    ...METAL,
    subIndustry: "copper",
    rev19: 12,
    growth: 0.12,
    margin: 0.25,
    assets19: 60,
    sharesBn: 72.52,
    price19: 1000,
    priceDrift: 0.3,
    payout: 0,
    segments: [
      ["Copper Concentrate", 0.7],
      ["Gold", 0.3],
    ],
  },
  {
    symbol: "BREN",
    name: "Barito Renewables Energy Tbk",
    listed: "2023-10-09",
    sector: "infrastructures",
    subSector: "utilities",
    industry: "electricity",
    subIndustry: "electricity",
    bank: false,
    rev19: 7,
    growth: 0.05,
    margin: 0.3,
    assets19: 50,
    sharesBn: 133.8,
    price19: 2500,
    priceDrift: 0.12,
    payout: 0.1,
    segments: [
      ["Geothermal Power", 0.85],
      ["Wind Power", 0.15],
    ],
  },
];

type Class = Pick<IdxCompany, "sector" | "subSector" | "industry" | "subIndustry">;

const cls = (sector: string, subSector: string, industry: string, subIndustry = industry): Class => ({
  sector,
  subSector,
  industry,
  subIndustry,
});

/** Each kind's IDX-IC classification (slugs as the service writes them) and revenue segments. */
const KINDS: Record<Kind, [Class, [string, number][]]> = {
  bank: [BANK, BANK_SEGMENTS],
  finance: [
    cls("financials", "financing-service", "consumer-financing"),
    [
      ["Consumer Financing", 0.7],
      ["Leasing", 0.2],
      ["Fees & Others", 0.1],
    ],
  ],
  investment: [
    cls("financials", "investment-service", "investment-banking-brokerage-service", "investment-companies"),
    [
      ["Dividend Income", 0.6],
      ["Investment Gains", 0.4],
    ],
  ],
  retail: [
    cls("consumer-cyclicals", "retailing", "specialty-retail"),
    [
      ["Stores", 0.8],
      ["Online", 0.15],
      ["Others", 0.05],
    ],
  ],
  grocery: [
    cls("consumer-non-cyclicals", "food-staples-retailing", "food-retailers-distributors", "supermarkets-convenience-store"),
    [
      ["Food", 0.7],
      ["Non-Food", 0.3],
    ],
  ],
  food: [
    FOOD,
    [
      ["Feed & Food", 0.6],
      ["Processed Products", 0.3],
      ["Others", 0.1],
    ],
  ],
  plantation: [
    cls("consumer-non-cyclicals", "food-beverage", "agricultural-products", "plantations-crops"),
    [
      ["Crude Palm Oil", 0.8],
      ["Palm Kernel", 0.15],
      ["Others", 0.05],
    ],
  ],
  tobacco: [
    cls("consumer-non-cyclicals", "tobacco", "tobacco"),
    [
      ["Machine-made Kretek", 0.75],
      ["Hand-rolled Kretek", 0.15],
      ["White Cigarettes", 0.1],
    ],
  ],
  pharma: [
    cls("healthcare", "pharmaceuticals-health-care-research", "pharmaceuticals"),
    [
      ["Prescription Drugs", 0.4],
      ["Consumer Health", 0.35],
      ["Distribution", 0.25],
    ],
  ],
  hospital: [
    cls("healthcare", "healthcare-equipment-providers", "healthcare-providers", "hospitals"),
    [
      ["Inpatient", 0.55],
      ["Outpatient", 0.45],
    ],
  ],
  cement: [
    cls("basic-materials", "basic-materials", "construction-materials", "cement"),
    [
      ["Cement", 0.85],
      ["Concrete & Aggregates", 0.15],
    ],
  ],
  paper: [
    cls("basic-materials", "basic-materials", "forestry-paper", "paper"),
    [
      ["Pulp & Paper", 0.75],
      ["Packaging", 0.25],
    ],
  ],
  chemicals: [
    cls("basic-materials", "basic-materials", "chemicals", "petrochemicals"),
    [
      ["Olefins", 0.55],
      ["Polyolefins", 0.35],
      ["Others", 0.1],
    ],
  ],
  steel: [
    cls("basic-materials", "basic-materials", "metals-minerals", "steel"),
    [
      ["Hot Rolled Coil", 0.55],
      ["Cold Rolled Coil", 0.3],
      ["Others", 0.15],
    ],
  ],
  oilgas: [
    cls("energy", "oil-gas-coal", "oil-gas", "oil-gas-production-refinery"),
    [
      ["Oil", 0.55],
      ["Gas", 0.35],
      ["Services", 0.1],
    ],
  ],
  "energy-distribution": [
    cls("energy", "oil-gas-coal", "oil-gas", "oil-gas-storage-distribution"),
    [
      ["Petroleum Trading", 0.75],
      ["Chemicals", 0.15],
      ["Logistics & Industrial Estate", 0.1],
    ],
  ],
  coal: [
    COALCO,
    [
      ["Coal Mining", 0.85],
      ["Services & Others", 0.15],
    ],
  ],
  "mining-services": [
    cls("energy", "oil-gas-coal", "coal", "coal-production"),
    [
      ["Mining Contracting", 0.9],
      ["Engineering & Others", 0.1],
    ],
  ],
  gas: [
    cls("infrastructures", "utilities", "gas-utilities"),
    [
      ["Gas Distribution", 0.7],
      ["Transmission", 0.2],
      ["Upstream", 0.1],
    ],
  ],
  "toll-road": [
    cls("infrastructures", "transportation-infrastructure", "transportation-infrastructure-operator", "highways-railtracks"),
    [
      ["Toll Revenue", 0.6],
      ["Construction", 0.35],
      ["Others", 0.05],
    ],
  ],
  tower: [
    cls("infrastructures", "telecommunication", "telecommunication-service", "telecommunication-tower"),
    [
      ["Tower Leasing", 0.85],
      ["Fiber Optic", 0.15],
    ],
  ],
  construction: [
    cls("infrastructures", "heavy-constructions-civil-engineering", "heavy-constructions-civil-engineering"),
    [
      ["Construction", 0.8],
      ["Precast & Industry", 0.12],
      ["Property", 0.08],
    ],
  ],
  property: [
    cls("properties-real-estate", "properties-real-estate", "real-estate-management-development", "real-estate-development"),
    [
      ["Landed Houses", 0.55],
      ["Recurring Income", 0.3],
      ["Land Lots", 0.15],
    ],
  ],
  media: [
    cls("consumer-cyclicals", "media-entertainment", "media", "broadcasting"),
    [
      ["Advertising", 0.85],
      ["Content & Others", 0.15],
    ],
  ],
  "auto-parts": [
    cls("consumer-cyclicals", "automobiles-components", "auto-components"),
    [
      ["Replacement Market", 0.6],
      ["OEM", 0.3],
      ["Export", 0.1],
    ],
  ],
  "heavy-equipment": [
    cls("industrials", "industrial-goods", "machinery", "heavy-machinery"),
    [
      ["Construction Machinery", 0.3],
      ["Mining Contracting", 0.45],
      ["Coal & Gold Mining", 0.25],
    ],
  ],
  airline: [
    cls("transportation-logistic", "transportation", "airlines"),
    [
      ["Scheduled Flights", 0.85],
      ["Cargo & Others", 0.15],
    ],
  ],
  taxi: [
    cls("transportation-logistic", "transportation", "land-transportation", "taxi"),
    [
      ["Taxi", 0.75],
      ["Car Rental & Others", 0.25],
    ],
  ],
};

/** A one-row company: its kind's classification and segments, banks with a bank's funding cost. */
function fromRow([symbol, name, kind, listed, rev19, assets19, sharesBn, price19, margin, growth, priceDrift, payout]: Row): IdxCompany {
  const [classification, segments] = KINDS[kind];
  const bank = kind === "bank";
  return {
    symbol,
    name,
    listed,
    ...classification,
    bank,
    rev19,
    growth,
    revCycle: kind === "coal" ? COAL : undefined,
    margin,
    margins: bank ? bankMargin(margin) : kind === "coal" ? coalMargin(margin) : undefined,
    assets19,
    sharesBn,
    price19,
    priceDrift,
    payout,
    costOfFunds: bank ? 0.4 : undefined,
    segments,
  };
}

export const IDX_COMPANIES: IdxCompany[] = [
  ...FIRST_ROWS,
  ...MORE_COMPANIES.map(fromRow),
  ...EDGE_COMPANIES.map(({ row, habits, margins, suspended }) => ({ ...fromRow(row), habits, suspended, ...(margins && { margins }) })),
];

const BY_SYMBOL = new Map(IDX_COMPANIES.map((c) => [c.symbol, c]));

export function idxCompany(code: string): IdxCompany | undefined {
  return BY_SYMBOL.get(code.toUpperCase());
}

/** Value for a year from a per-year array starting 2019; later years repeat the last entry. */
export function perYear(values: number[] | undefined, year: number, fallback: number): number {
  if (!values?.length) return fallback;
  return values[Math.max(0, Math.min(values.length - 1, year - 2019))];
}
