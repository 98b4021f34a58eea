// Mining business licenses (IUP/IUPK). Each named miner holds a few; smaller holders fill out
// the register. Effective dates run 2004-2024 and terms 10-20 years, so expiries spread from
// about 2018 into the 2040s and any `today` has some licenses expiring within the next year.
import { addDays } from "../dates";
import { between, intBetween, pick, rng } from "../prng";
import { MINING_COMPANIES } from "./mining-companies";
import { COMMODITIES, type Commodity, PLACES } from "./mining-places";

export interface License {
  id: string;
  license_number: string;
  province: string;
  city: string;
  permit_expiry_date: string;
  commodity: Commodity;
  company_name: string;
  /** Detail-only fields (the mining_license objects of a company detail). */
  companyId: number | null;
  license_type: string;
  license_effective_date: string;
  activity: string;
  licensed_area_ha: number;
}

const SMALL_HOLDERS = [
  "PT Jaya Tambang Sejahtera",
  "CV Batu Alam Makmur",
  "PT Sinar Bara Utama",
  "PT Mitra Nikel Pratama",
  "PT Energi Bumi Kencana",
  "PT Tambang Emas Nusantara",
  "PT Bara Kaltim Mandiri",
  "PT Sulawesi Mineral Raya",
  "PT Kalbar Alumina Jaya",
  "PT Timah Bangka Lestari",
  "PT Rimba Batubara Persada",
  "PT Halmahera Sukses Mineral",
];

function makeLicense(n: number, companyName: string, companyId: number | null, commodity: Commodity): License {
  const r = rng("license", n);
  const [province, cities] = pick(r, PLACES[commodity]);
  const city = pick(r, cities);
  const year = intBetween(r, 2004, 2024);
  const effective = addDays(`${year}-01-01`, intBetween(r, 0, 364));
  const term = pick(r, [10, 15, 20]);
  const production = r() < 0.75;
  const kind = companyId !== null && r() < 0.3 ? "IUPK" : "IUP";
  return {
    id: String(1000 + n * 7),
    license_number: `${intBetween(r, 100, 999)}/${intBetween(r, 1, 2000)}/${kind}-${production ? "OP" : "EKS"}/DPMPTSP/${year}`,
    province,
    city,
    permit_expiry_date: addDays(effective, Math.round(term * 365.25)),
    commodity,
    company_name: companyName,
    companyId,
    license_type: kind,
    license_effective_date: effective,
    activity: production ? "Operasi Produksi" : "Eksplorasi",
    licensed_area_ha: Number(between(r, 50, 25000).toFixed(1)),
  };
}

function build(): License[] {
  const out: License[] = [];
  let n = 0;
  for (const c of MINING_COMPANIES) {
    if (c.company_type === "Contractor") continue;
    for (const commodity of c.commodity) {
      const count = intBetween(rng("license-count", c.id, commodity), 2, 5);
      for (let i = 0; i < count; i++) out.push(makeLicense(++n, c.name, c.id, commodity));
    }
  }
  const r = rng("small-holders");
  while (out.length < 160) out.push(makeLicense(++n, pick(r, SMALL_HOLDERS), null, pick(r, COMMODITIES)));
  return out;
}

export const LICENSES: License[] = build();

/** The public shape of /v2/mining/licenses/ (spec 2.6). */
export function licenseRow(l: License) {
  const { id, license_number, province, city, permit_expiry_date, commodity, company_name } = l;
  return { id, license_number, province, city, permit_expiry_date, commodity, company_name };
}

/** The mining_license element of a company detail. */
export function licenseDetail(l: License) {
  return {
    license_type: l.license_type,
    license_number: l.license_number,
    province: l.province,
    city: l.city,
    license_effective_date: l.license_effective_date,
    license_expiry_date: l.permit_expiry_date,
    activity: l.activity,
    licensed_area_ha: l.licensed_area_ha,
    commodity_type: l.commodity,
  };
}
