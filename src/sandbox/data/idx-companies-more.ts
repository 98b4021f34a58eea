// More companies of the IDX universe, so that every index the demo names has its real number of
// members (LQ45 45, Kompas100 100, JII70 70, ...): real listed companies with rounded public
// magnitudes of 2019 (revenue and total assets in IDR trillions, shares in billions, the 2019 share
// price in IDR) and their listing dates on IDX. idx-companies.ts turns a row into a company with its
// kind's classification and segments; the generator adds the seeded noise.

export type Kind =
  | "bank"
  | "finance"
  | "investment"
  | "retail"
  | "grocery"
  | "food"
  | "plantation"
  | "tobacco"
  | "pharma"
  | "hospital"
  | "cement"
  | "paper"
  | "chemicals"
  | "steel"
  | "oilgas"
  | "energy-distribution"
  | "coal"
  | "mining-services"
  | "gas"
  | "toll-road"
  | "tower"
  | "construction"
  | "property"
  | "media"
  | "auto-parts"
  | "heavy-equipment"
  | "airline"
  | "taxi";

/** symbol, name, kind, listing date, revenue, assets, shares, price, net margin, growth, yearly
 *  price drift, payout ratio. */
export type Row = [string, string, Kind, string, number, number, number, number, number, number, number, number];

export const MORE_COMPANIES: readonly Row[] = [
  ["NISP", "Bank OCBC NISP Tbk", "bank", "1994-10-20", 13, 174, 22.95, 830, 0.2, 0.05, -0.02, 0],
  ["BDMN", "Bank Danamon Indonesia Tbk", "bank", "1989-12-06", 23, 193, 9.77, 4500, 0.18, 0.01, -0.12, 0.35],
  ["PNBN", "Bank Pan Indonesia Tbk", "bank", "1982-12-29", 18, 211, 24.09, 1100, 0.18, 0.02, 0, 0],
  ["ARTO", "Bank Jago Tbk", "bank", "2016-01-12", 0.2, 1.5, 13.86, 500, 0.05, 0.5, 0.3, 0],
  ["BJBR", "Bank Pembangunan Daerah Jawa Barat dan Banten Tbk", "bank", "2010-07-08", 14, 120, 10.5, 1400, 0.1, 0.06, -0.03, 0.6],
  ["BJTM", "Bank Pembangunan Daerah Jawa Timur Tbk", "bank", "2012-07-12", 7, 76, 15.01, 650, 0.15, 0.05, -0.02, 0.5],
  ["BTPS", "Bank BTPN Syariah Tbk", "bank", "2018-05-08", 4.6, 13, 7.7, 3500, 0.3, 0.06, -0.2, 0.3],
  ["BNLI", "Bank Permata Tbk", "bank", "1990-01-15", 12, 160, 36.1, 1000, 0.1, 0.03, 0, 0],
  ["AGRO", "Bank Raya Indonesia Tbk", "bank", "2003-08-08", 2, 27, 24.79, 300, 0.03, 0.01, 0.05, 0],
  ["BFIN", "BFI Finance Indonesia Tbk", "finance", "1990-05-16", 5, 18.5, 15.97, 700, 0.15, 0.05, 0.08, 0.4],
  ["ADMF", "Adira Dinamika Multi Finance Tbk", "finance", "2004-03-31", 9.5, 33, 1, 8500, 0.2, 0.02, 0.02, 0.5],
  ["SRTG", "Saratoga Investama Sedaya Tbk", "investment", "2013-06-26", 1.2, 31, 13.56, 600, 0.3, 0.03, 0.05, 0.1],
  ["UNTR", "United Tractors Tbk", "heavy-equipment", "1989-09-19", 84, 111, 3.73, 27000, 0.13, 0.03, 0, 0.5],
  ["AKRA", "AKR Corporindo Tbk", "energy-distribution", "1994-10-03", 22, 21, 20.07, 800, 0.05, 0.03, 0.08, 0.5],
  ["AMRT", "Sumber Alfaria Trijaya Tbk", "grocery", "2009-01-15", 72, 25, 41.52, 800, 0.02, 0.08, 0.28, 0.3],
  ["MIDI", "Midi Utama Indonesia Tbk", "grocery", "2010-11-30", 12, 6, 33.35, 300, 0.02, 0.08, 0.05, 0.3],
  ["CPIN", "Charoen Pokphand Indonesia Tbk", "food", "1991-03-18", 58, 29, 16.4, 6500, 0.06, 0.06, -0.03, 0.5],
  ["JPFA", "Japfa Comfeed Indonesia Tbk", "food", "1989-10-23", 36.7, 26, 11.73, 1500, 0.05, 0.05, 0, 0.3],
  ["ULTJ", "Ultrajaya Milk Industry & Trading Company Tbk", "food", "1990-07-02", 6.2, 6.6, 11.55, 1500, 0.16, 0.05, 0.02, 0.3],
  ["ROTI", "Nippon Indosari Corpindo Tbk", "food", "2010-06-28", 3.3, 4.7, 6.19, 1200, 0.07, 0.04, -0.02, 0.5],
  ["AALI", "Astra Agro Lestari Tbk", "plantation", "1997-12-09", 17.4, 27, 1.92, 11000, 0.03, 0.03, -0.08, 0.5],
  ["LSIP", "PP London Sumatra Indonesia Tbk", "plantation", "1996-07-05", 3.7, 10, 6.82, 1200, 0.07, 0.03, -0.03, 0.4],
  ["DSNG", "Dharma Satya Nusantara Tbk", "plantation", "2013-06-14", 6, 14, 10.6, 450, 0.05, 0.06, 0.08, 0.3],
  ["SSMS", "Sawit Sumbermas Sarana Tbk", "plantation", "2013-12-12", 3.4, 12, 9.53, 800, 0.05, 0.06, 0.05, 0.3],
  ["HMSP", "H.M. Sampoerna Tbk", "tobacco", "1990-08-15", 106, 50, 116.32, 2700, 0.13, 0.01, -0.2, 0.9],
  ["GGRM", "Gudang Garam Tbk", "tobacco", "1990-08-27", 110, 78, 1.92, 70000, 0.1, 0.03, -0.2, 0.6],
  ["KLBF", "Kalbe Farma Tbk", "pharma", "1991-07-30", 22.6, 20, 46.88, 1600, 0.11, 0.06, -0.02, 0.5],
  ["SIDO", "Industri Jamu dan Farmasi Sido Muncul Tbk", "pharma", "2013-12-18", 3.07, 3.5, 30, 650, 0.26, 0.07, 0.02, 0.9],
  ["KAEF", "Kimia Farma Tbk", "pharma", "2001-07-04", 9.4, 18, 5.55, 1200, 0.01, 0.03, -0.15, 0.2],
  ["MIKA", "Mitra Keluarga Karyasehat Tbk", "hospital", "2015-03-24", 3.4, 6, 14.55, 2500, 0.22, 0.08, 0.03, 0.4],
  ["HEAL", "Medikaloka Hermina Tbk", "hospital", "2018-05-16", 3.6, 5, 14.93, 800, 0.08, 0.12, 0.12, 0.2],
  ["SILO", "Siloam International Hospitals Tbk", "hospital", "2013-09-12", 7.6, 8.6, 13.01, 1000, 0.03, 0.1, 0.25, 0.2],
  ["SMGR", "Semen Indonesia (Persero) Tbk", "cement", "1991-07-08", 40, 80, 5.93, 11000, 0.06, 0.01, -0.12, 0.4],
  ["INTP", "Indocement Tunggal Prakarsa Tbk", "cement", "1989-12-05", 15.9, 27.7, 3.68, 19000, 0.12, 0.01, -0.12, 0.7],
  ["SMBR", "Semen Baturaja Tbk", "cement", "2013-06-28", 2, 5.6, 9.93, 800, 0.02, 0.01, -0.15, 0.2],
  ["INKP", "Indah Kiat Pulp & Paper Tbk", "paper", "1990-07-16", 45, 120, 5.47, 7500, 0.08, 0.03, 0.01, 0.05],
  ["TKIM", "Pabrik Kertas Tjiwi Kimia Tbk", "paper", "1990-04-03", 17, 46, 3.11, 9000, 0.1, 0.03, -0.03, 0.05],
  ["BRPT", "Barito Pacific Tbk", "chemicals", "1993-10-01", 43, 105, 93.75, 400, 0.03, 0.03, 0.25, 0.05],
  ["TPIA", "Chandra Asri Pacific Tbk", "chemicals", "2008-05-26", 35, 50, 86.51, 1600, 0.03, 0.03, 0.22, 0.1],
  ["ESSA", "ESSA Industries Indonesia Tbk", "chemicals", "2012-02-01", 4, 13, 17.22, 300, 0.05, 0.05, 0.15, 0.2],
  ["KRAS", "Krakatau Steel (Persero) Tbk", "steel", "2010-11-10", 20, 60, 19.35, 450, -0.05, 0.02, -0.15, 0],
  ["MEDC", "Medco Energi Internasional Tbk", "oilgas", "1994-10-12", 19.5, 83, 25.14, 800, 0.05, 0.05, 0.08, 0.2],
  ["ENRG", "Energi Mega Persada Tbk", "oilgas", "2004-06-07", 4.5, 15, 24.8, 80, 0.05, 0.05, 0.25, 0],
  ["ELSA", "Elnusa Tbk", "oilgas", "2008-02-06", 8.4, 7.5, 7.3, 360, 0.05, 0.05, 0.02, 0.3],
  ["PGAS", "Perusahaan Gas Negara Tbk", "gas", "2003-12-15", 54, 110, 24.24, 2200, 0.05, 0.02, -0.08, 0.6],
  ["INDY", "Indika Energy Tbk", "coal", "2008-06-11", 38, 48, 5.21, 1800, 0.03, 0.01, -0.05, 0.3],
  ["HRUM", "Harum Energy Tbk", "coal", "2010-10-06", 4.2, 6, 13.52, 300, 0.1, 0.02, 0.2, 0.2],
  ["TOBA", "TBS Energi Utama Tbk", "coal", "2012-07-06", 5.8, 12, 8.14, 600, 0.08, 0.01, -0.1, 0.2],
  ["PTRO", "Petrosea Tbk", "mining-services", "1990-05-21", 6, 7, 1.01, 2000, 0.05, 0.03, 0.25, 0.2],
  ["DOID", "Delta Dunia Makmur Tbk", "mining-services", "2001-06-15", 12.4, 25, 8.62, 500, 0.03, 0.03, -0.05, 0],
  ["JSMR", "Jasa Marga (Persero) Tbk", "toll-road", "2007-11-12", 27, 99, 7.26, 5500, 0.08, 0.02, -0.05, 0.2],
  ["TOWR", "Sarana Menara Nusantara Tbk", "tower", "2010-03-08", 5.9, 27, 51.01, 700, 0.25, 0.08, 0, 0.4],
  ["TBIG", "Tower Bersama Infrastructure Tbk", "tower", "2010-10-26", 4.6, 33, 22.66, 1100, 0.2, 0.07, 0.05, 0.4],
  ["PTPP", "PP (Persero) Tbk", "construction", "2010-02-09", 24.7, 59, 6.2, 1800, 0.04, 0, -0.25, 0.2],
  ["WIKA", "Wijaya Karya (Persero) Tbk", "construction", "2007-10-29", 27, 62, 8.97, 1700, 0.08, -0.03, -0.35, 0.2],
  ["ADHI", "Adhi Karya (Persero) Tbk", "construction", "2004-03-18", 15.3, 36.5, 3.56, 1300, 0.04, -0.02, -0.3, 0.2],
  ["WSKT", "Waskita Karya (Persero) Tbk", "construction", "2012-12-19", 31, 122, 13.57, 1500, 0.03, -0.1, -0.4, 0],
  ["SSIA", "Surya Semesta Internusa Tbk", "construction", "1997-03-27", 3.5, 7.8, 4.71, 600, 0.03, 0.02, 0.05, 0.2],
  ["WTON", "Wijaya Karya Beton Tbk", "construction", "2014-04-08", 7, 10, 8.72, 500, 0.06, -0.03, -0.25, 0.3],
  ["CTRA", "Ciputra Development Tbk", "property", "1994-03-28", 7.6, 36, 18.56, 1000, 0.15, 0.05, 0.05, 0.2],
  ["BSDE", "Bumi Serpong Damai Tbk", "property", "2008-06-06", 7.1, 54, 21.17, 1200, 0.2, 0.05, -0.03, 0.1],
  ["PWON", "Pakuwon Jati Tbk", "property", "1989-10-09", 7.2, 26, 48.16, 600, 0.3, 0.03, -0.05, 0.15],
  ["SMRA", "Summarecon Agung Tbk", "property", "1990-05-07", 5.9, 24, 14.43, 900, 0.08, 0.03, -0.02, 0.1],
  ["LPKR", "Lippo Karawaci Tbk", "property", "1996-06-28", 12, 50, 70.9, 250, 0.05, 0.01, -0.12, 0],
  ["DMAS", "Puradelta Lestari Tbk", "property", "2015-05-29", 1.3, 7.2, 48.2, 290, 0.5, 0.03, -0.02, 0.9],
  ["SCMA", "Surya Citra Media Tbk", "media", "2002-07-16", 5, 6.7, 14.78, 1500, 0.2, 0.02, -0.15, 0.5],
  ["MNCN", "Media Nusantara Citra Tbk", "media", "2007-06-22", 8.2, 18, 14.27, 1000, 0.2, 0.01, -0.2, 0.2],
  ["ACES", "Aspirasi Hidup Indonesia Tbk", "retail", "2007-11-06", 8.1, 6.9, 17.15, 1500, 0.12, 0.05, -0.1, 0.5],
  ["MAPI", "Mitra Adiperkasa Tbk", "retail", "2004-11-10", 21.6, 15, 16.6, 900, 0.05, 0.12, 0.12, 0.1],
  ["MAPA", "Map Aktif Adiperkasa Tbk", "retail", "2018-07-05", 6.6, 5, 28.5, 400, 0.1, 0.15, 0.15, 0.1],
  ["ERAA", "Erajaya Swasembada Tbk", "retail", "2011-12-14", 32.9, 9.7, 15.95, 400, 0.02, 0.08, 0, 0.3],
  ["LPPF", "Matahari Department Store Tbk", "retail", "1989-10-09", 10.3, 5, 2.62, 4000, 0.13, -0.03, -0.25, 0.7],
  ["AUTO", "Astra Otoparts Tbk", "auto-parts", "1998-06-15", 15.4, 16, 4.82, 1200, 0.05, 0.04, 0.08, 0.4],
  ["SMSM", "Selamat Sempurna Tbk", "auto-parts", "1996-09-09", 3.9, 3.1, 5.76, 1400, 0.16, 0.05, 0.05, 0.7],
  ["GIAA", "Garuda Indonesia (Persero) Tbk", "airline", "2011-02-11", 62, 60, 25.88, 400, -0.05, 0.01, -0.35, 0],
  ["BIRD", "Blue Bird Tbk", "taxi", "2014-11-05", 4.05, 7.5, 2.5, 2700, 0.08, 0.02, -0.05, 0.4],
];
