// Where each commodity is mined in Indonesia (Title Case, like the real service's filter values).

export const COMMODITIES = ["Coal", "Nickel", "Gold", "Copper", "Bauxite", "Tin"] as const;
export type Commodity = (typeof COMMODITIES)[number];

export const PLACES: Record<Commodity, [string, string[]][]> = {
  Coal: [
    ["Kalimantan Timur", ["Kutai Kartanegara", "Kutai Timur", "Berau", "Paser", "Kutai Barat"]],
    ["Kalimantan Selatan", ["Tabalong", "Balangan", "Tanah Bumbu", "Kotabaru", "Banjar"]],
    ["Sumatera Selatan", ["Muara Enim", "Lahat"]],
    ["Kalimantan Tengah", ["Barito Utara", "Kapuas"]],
    ["Jambi", ["Sarolangun"]],
  ],
  Nickel: [
    ["Sulawesi Tenggara", ["Konawe Utara", "Kolaka", "Konawe"]],
    ["Sulawesi Tengah", ["Morowali", "Morowali Utara"]],
    ["Maluku Utara", ["Halmahera Tengah", "Halmahera Timur"]],
    ["Sulawesi Selatan", ["Luwu Timur"]],
  ],
  Gold: [
    ["Sumatera Utara", ["Tapanuli Selatan"]],
    ["Jawa Barat", ["Bogor"]],
    ["Sulawesi Utara", ["Minahasa Utara"]],
    ["Jawa Timur", ["Banyuwangi"]],
  ],
  Copper: [
    ["Nusa Tenggara Barat", ["Sumbawa Barat"]],
    ["Jawa Timur", ["Banyuwangi"]],
  ],
  Bauxite: [
    ["Kalimantan Barat", ["Ketapang", "Sanggau", "Mempawah"]],
    ["Kepulauan Riau", ["Bintan"]],
  ],
  Tin: [["Kepulauan Bangka Belitung", ["Bangka", "Belitung"]]],
};
