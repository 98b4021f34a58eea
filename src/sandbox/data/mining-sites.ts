// Mining sites, one row per site and year (spec 2.8), and company production performance
// (spec 2.7), which is the sum of the company's site output, so the two endpoints agree.
// Volumes are in the commodity's unit below; exploration sites report null.

import { memo } from "../memo";
import { between, rng } from "../prng";
import type { Commodity } from "./mining-places";

export const UNITS: Record<Commodity, [string, string]> = {
  Coal: ["Mt", "Thermal Coal (Sub-bituminous)"],
  Nickel: ["kt", "Nickel in Matte & Ferronickel"],
  Gold: ["koz", "Gold Bullion"],
  Copper: ["kt", "Copper in Concentrate"],
  Bauxite: ["Mt", "Washed Bauxite"],
  Tin: ["kt", "Refined Tin"],
};

/** [company id, site name, province, commodity, output in the first year, or 0 for exploration]. */
const SITES: [number, string, string, Commodity, number][] = [
  [1, "Tutupan Selatan", "Kalimantan Selatan", "Coal", 28],
  [1, "Paringin Timur", "Kalimantan Selatan", "Coal", 9],
  [1, "Wara Barat", "Kalimantan Selatan", "Coal", 6],
  [2, "Indominco Blok Timur", "Kalimantan Timur", "Coal", 10],
  [2, "Bharinto Utara", "Kalimantan Tengah", "Coal", 3.5],
  [2, "Trubaindo Barat", "Kalimantan Timur", "Coal", 5],
  [3, "Tanjung Enim Barat", "Sumatera Selatan", "Coal", 19],
  [3, "Muara Tiga Besar", "Sumatera Selatan", "Coal", 6],
  [3, "Banko Tengah", "Sumatera Selatan", "Coal", 0],
  [5, "Pomalaa Blok B", "Sulawesi Tenggara", "Nickel", 24],
  [5, "Tanjung Buli", "Maluku Utara", "Nickel", 3],
  [5, "Pongkor Ciurug", "Jawa Barat", "Gold", 30],
  [5, "Tayan Hilir", "Kalimantan Barat", "Bauxite", 1.6],
  [8, "Sorowako Timur", "Sulawesi Selatan", "Nickel", 71],
  [8, "Bahodopi Utara", "Sulawesi Tengah", "Nickel", 0],
  [8, "Pomalaa Timur", "Sulawesi Tenggara", "Nickel", 0],
  [9, "Tujuh Bukit Oksida", "Jawa Timur", "Gold", 140],
  [9, "Toka Tindung", "Sulawesi Utara", "Gold", 90],
  [9, "Tujuh Bukit Porfiri", "Jawa Timur", "Copper", 0],
  [9, "Bahodopi Selatan", "Sulawesi Tengah", "Nickel", 12],
  [12, "Sangatta Selatan", "Kalimantan Timur", "Coal", 45],
  [12, "Bengalon Timur", "Kalimantan Timur", "Coal", 14],
  [14, "Pit Hatari", "Kalimantan Timur", "Coal", 22],
  [14, "Pit Bintang", "Kalimantan Timur", "Coal", 18],
  [15, "Lati Utara", "Kalimantan Timur", "Coal", 12],
  [15, "Binungan Blok 7", "Kalimantan Timur", "Coal", 14],
  [15, "Sambarata Selatan", "Kalimantan Timur", "Coal", 4],
  [17, "Lelilef Utara", "Maluku Utara", "Nickel", 25],
  [17, "Sagea Barat", "Maluku Utara", "Nickel", 0],
  [21, "Martabe Purnama", "Sumatera Utara", "Gold", 340],
  [21, "Martabe Ramba Joring", "Sumatera Utara", "Gold", 0],
  [22, "Mempawah Blok A", "Kalimantan Barat", "Bauxite", 2.1],
  [22, "Sanggau Hulu", "Kalimantan Barat", "Bauxite", 0.9],
];

export interface SiteRow {
  id: number;
  name: string;
  year: number;
  mineral_type: Commodity;
  company_id: number;
  production_volume: number | null;
  /** Filter-only: sites are filtered by province though the row does not carry it. */
  province: string;
}

/** Rows for the years 2019..lastYear, in site order then year order. */
export const siteRows = memo((key: string): SiteRow[] => {
  const lastYear = Number(key);
  const out: SiteRow[] = [];
  SITES.forEach(([companyId, name, province, commodity, first], i) => {
    const r = rng("site", name);
    const growth = between(r, -0.04, 0.1);
    for (let year = 2019; year <= lastYear; year++) {
      const volume = first ? first * (1 + growth) ** (year - 2019) * between(rng("site", name, year), 0.9, 1.1) : null;
      out.push({
        id: (i + 1) * 100 + (year - 2018),
        name,
        year,
        mineral_type: commodity,
        company_id: companyId,
        production_volume: volume === null ? null : Number(volume.toFixed(2)),
        province,
      });
    }
  });
  return out;
});

export function performance(companyId: number, lastYear: number) {
  const totals = new Map<string, { year: number; commodity: Commodity; volume: number }>();
  for (const row of siteRows(String(lastYear))) {
    if (row.company_id !== companyId || row.production_volume === null) continue;
    const key = `${row.year}|${row.mineral_type}`;
    const t = totals.get(key) ?? { year: row.year, commodity: row.mineral_type, volume: 0 };
    t.volume += row.production_volume;
    totals.set(key, t);
  }
  return [...totals.values()]
    .sort((a, b) => b.year - a.year || a.commodity.localeCompare(b.commodity))
    .map((t) => ({
      year: t.year,
      commodity_type: t.commodity,
      commodity_sub_type: UNITS[t.commodity][1],
      commodity_stats: { unit: UNITS[t.commodity][0], production_volume: Number(t.volume.toFixed(2)) },
    }));
}
