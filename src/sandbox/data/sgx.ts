// SGX companies by sector (kebab-case slugs like the real sector list). Names are the listed
// companies' usual short legal names; the sandbox only needs symbol and name.

const SECTORS: Record<string, [string, string][]> = {
  "financial-services": [
    ["D05", "DBS Group Holdings Ltd"],
    ["O39", "Oversea-Chinese Banking Corporation Ltd"],
    ["U11", "United Overseas Bank Ltd"],
    ["S68", "Singapore Exchange Ltd"],
    ["G07", "Great Eastern Holdings Ltd"],
    ["S41", "Hong Leong Finance Ltd"],
  ],
  "real-estate": [
    ["C38U", "CapitaLand Integrated Commercial Trust"],
    ["A17U", "CapitaLand Ascendas REIT"],
    ["9CI", "CapitaLand Investment Ltd"],
    ["C09", "City Developments Ltd"],
    ["U14", "UOL Group Ltd"],
    ["M44U", "Mapletree Logistics Trust"],
    ["N2IU", "Mapletree Pan Asia Commercial Trust"],
  ],
  "communication-services": [
    ["Z74", "Singapore Telecommunications Ltd"],
    ["CC3", "StarHub Ltd"],
    ["T39", "Singapore Press Holdings Ltd"],
  ],
  industrials: [
    ["S63", "Singapore Technologies Engineering Ltd"],
    ["BN4", "Keppel Ltd"],
    ["5E2", "Seatrium Ltd"],
    ["C52", "ComfortDelGro Corporation Ltd"],
    ["BS6", "Yangzijiang Shipbuilding (Holdings) Ltd"],
  ],
  "consumer-defensive": [
    ["F34", "Wilmar International Ltd"],
    ["Y92", "Thai Beverage Public Company Ltd"],
    ["OV8", "Sheng Siong Group Ltd"],
    ["Q01", "QAF Ltd"],
  ],
  transportation: [
    ["C6L", "Singapore Airlines Ltd"],
    ["S58", "SATS Ltd"],
    ["S59", "SIA Engineering Company Ltd"],
  ],
  utilities: [
    ["U96", "Sembcorp Industries Ltd"],
    ["LJ3", "Keppel Infrastructure Trust"],
  ],
  technology: [
    ["AWX", "AEM Holdings Ltd"],
    ["V03", "Venture Corporation Ltd"],
    ["558", "UMS Integration Ltd"],
  ],
  healthcare: [
    ["BSL", "Raffles Medical Group Ltd"],
    ["QC7", "Q&M Dental Group (Singapore) Ltd"],
  ],
  "energy-minerals": [
    ["RE4", "Geo Energy Resources Ltd"],
    ["5WH", "Rex International Holding Ltd"],
  ],
};

export const SGX_SECTORS = Object.keys(SECTORS);

export function sgxCompanies(sector: string): { symbol: string; company_name: string }[] | undefined {
  return SECTORS[sector]?.map(([symbol, company_name]) => ({ symbol, company_name }));
}

export function sgxCompany(symbol: string): { symbol: string; name: string } | undefined {
  for (const rows of Object.values(SECTORS)) {
    const hit = rows.find(([s]) => s === symbol);
    if (hit) return { symbol: hit[0], name: hit[1] };
  }
  return undefined;
}
