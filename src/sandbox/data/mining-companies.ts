// Mining companies (spec 2.9 / 2.10): the listed IDX miners plus unlisted operators whose
// idx_ticker is null or empty, as in the real data. Contact details are demo values. The live
// edition addresses each company by a slug of its name.
import type { Commodity } from "./mining-places";
import { slugify } from "./slug";

export interface MiningCompany {
  id: number;
  name: string;
  slug: string;
  idx_ticker: string | null;
  operation_province: string;
  operation_kabkot: string;
  representative_address: string;
  company_type: string;
  key_operation: string;
  activities: string[];
  domain: string;
  commodity: Commodity[];
  contracts: { contract_type: string; contract_number: string; effective_date: string; expiry_date: string }[];
}

type Row = [number, string, string | null, string, string, string, string, string, string[], string, Commodity[]];

const ROWS: Row[] = [
  [
    1,
    "PT Adaro Energy Indonesia Tbk",
    "ADRO.JK",
    "Jakarta",
    "Jakarta Selatan",
    "Jl. H.R. Rasuna Said Kav. 12, Jakarta 12940",
    "Holding",
    "Coal Mining",
    ["Coal Mining", "Trading", "Logistics"],
    "adaro-energy",
    ["Coal"],
  ],
  [
    2,
    "PT Indo Tambang Raya Megah Tbk",
    "ITMG.JK",
    "Jakarta",
    "Jakarta Selatan",
    "Jl. T.B. Simatupang Kav. 8, Jakarta 12430",
    "Holding",
    "Mining",
    ["Coal Mining", "Trading"],
    "itm-coal",
    ["Coal"],
  ],
  [
    3,
    "PT Bukit Asam Tbk",
    "PTBA.JK",
    "Sumatera Selatan",
    "Muara Enim",
    "Jl. Parigi No. 1, Tanjung Enim 31716",
    "Mine Owner",
    "Mining",
    ["Coal Mining", "Power Generation"],
    "bukit-asam",
    ["Coal"],
  ],
  [
    5,
    "PT Aneka Tambang Tbk",
    "ANTM.JK",
    "Jakarta",
    "Jakarta Timur",
    "Jl. Letjen T.B. Simatupang No. 1, Jakarta 12530",
    "Mine Owner",
    "Mining",
    ["Gold Mining", "Nickel Mining", "Bauxite Mining", "Refining"],
    "aneka-tambang",
    ["Nickel", "Gold", "Bauxite"],
  ],
  [
    8,
    "PT Vale Indonesia Tbk",
    "INCO.JK",
    "Sulawesi Selatan",
    "Luwu Timur",
    "Jl. Somba Opu No. 92, Sorowako 92984",
    "Mine Owner",
    "Mining",
    ["Nickel Mining", "Smelting"],
    "vale-indonesia",
    ["Nickel"],
  ],
  [
    9,
    "PT Merdeka Copper Gold Tbk",
    "MDKA.JK",
    "Jakarta",
    "Jakarta Selatan",
    "Jl. Jend. Gatot Subroto Kav. 27, Jakarta 12950",
    "Holding",
    "Mining",
    ["Gold Mining", "Copper Mining", "Nickel Processing"],
    "merdeka-cg",
    ["Gold", "Copper", "Nickel"],
  ],
  [
    12,
    "PT Bumi Resources Tbk",
    "BUMI.JK",
    "Jakarta",
    "Jakarta Selatan",
    "Jl. H.R. Rasuna Said Kav. C-22, Jakarta 12920",
    "Holding",
    "Coal Mining",
    ["Coal Mining", "Trading"],
    "bumi-resources",
    ["Coal"],
  ],
  [
    14,
    "PT Kaltim Prima Coal",
    null,
    "Kalimantan Timur",
    "Kutai Timur",
    "Jl. Poros Sangatta-Bengalon Km 4, Sangatta 75611",
    "Mine Owner",
    "Mining",
    ["Coal Mining"],
    "kpc",
    ["Coal"],
  ],
  [
    15,
    "PT Berau Coal",
    "",
    "Kalimantan Timur",
    "Berau",
    "Jl. Pemuda No. 40, Tanjung Redeb 77311",
    "Mine Owner",
    "Mining",
    ["Coal Mining"],
    "beraucoal",
    ["Coal"],
  ],
  [
    17,
    "PT Weda Bay Nickel",
    null,
    "Maluku Utara",
    "Halmahera Tengah",
    "Desa Lelilef, Weda Tengah 97853",
    "Mine Owner",
    "Mining",
    ["Nickel Mining"],
    "wedabaynickel",
    ["Nickel"],
  ],
  [
    21,
    "PT Agincourt Resources",
    "",
    "Sumatera Utara",
    "Tapanuli Selatan",
    "Jl. Merdeka Barat No. 4, Batangtoru 22738",
    "Mine Owner",
    "Mining",
    ["Gold Mining", "Silver Mining"],
    "agincourt",
    ["Gold"],
  ],
  [
    22,
    "PT Borneo Bauksit Lestari",
    null,
    "Kalimantan Barat",
    "Ketapang",
    "Jl. Gajah Mada No. 18, Ketapang 78813",
    "Mine Owner",
    "Mining",
    ["Bauxite Mining"],
    "borneo-bauksit",
    ["Bauxite"],
  ],
  [
    23,
    "PT Pama Persada Nusantara",
    null,
    "Jakarta",
    "Jakarta Timur",
    "Jl. Rawagelam I No. 9, Jakarta 13930",
    "Contractor",
    "Mining Services",
    ["Mining Contractor", "Overburden Removal"],
    "pamapersada",
    ["Coal"],
  ],
];

const CONTRACTS: Record<number, MiningCompany["contracts"]> = {
  1: [{ contract_type: "PKP2B", contract_number: "J2/Ji.DU/52/82", effective_date: "1982-11-16", expiry_date: "2032-10-01" }],
  8: [{ contract_type: "Kontrak Karya", contract_number: "KK/1968/Sorowako", effective_date: "1968-07-27", expiry_date: "2035-12-28" }],
  14: [{ contract_type: "PKP2B", contract_number: "J2/Ji.DU/11/82", effective_date: "1982-04-08", expiry_date: "2031-12-31" }],
  15: [{ contract_type: "PKP2B", contract_number: "J2/Ji.DU/25/83", effective_date: "1983-04-26", expiry_date: "2025-04-26" }],
};

export const MINING_COMPANIES: MiningCompany[] = ROWS.map(
  ([
    id,
    name,
    idx_ticker,
    operation_province,
    operation_kabkot,
    representative_address,
    company_type,
    key_operation,
    activities,
    domain,
    commodity,
  ]) => ({
    id,
    name,
    slug: slugify(name),
    idx_ticker,
    operation_province,
    operation_kabkot,
    representative_address,
    company_type,
    key_operation,
    activities,
    domain,
    commodity,
    contracts: CONTRACTS[id] ?? [],
  }),
);

export const miningCompanyById = (id: number) => MINING_COMPANIES.find((c) => c.id === id);

export const miningCompanyBySlug = (slug: string) => MINING_COMPANIES.find((c) => c.slug === slug);

/** Listed miner by IDX code ("ITMG"). */
export const miningCompanyByCode = (code: string) => MINING_COMPANIES.find((c) => c.idx_ticker === `${code}.JK`);
