// Licence auctions: each licence granted since 2018, in a province and of a commodity the auction
// register covers, was tendered first (the WIUP auction), won by its holder among seeded rivals,
// its code the licence's WIUP code. Phases run back from the award; a rival passes
// pre-qualification or not. Fixed, like the licence register they come from.
import { addDays } from "../dates";
import { choicesOf } from "../described";
import { intBetween, rng } from "../prng";
import { licenseExtras } from "./mining-license-extras";
import { LICENSES } from "./mining-licenses";
import { slugify } from "./slug";

const RIVALS = [
  "PT Nusantara Galian Prima",
  "PT Sumber Mineral Abadi",
  "PT Karya Tambang Bersama",
  "PT Bumi Logam Sentosa",
  "CV Tanah Merah Jaya",
];
const PHASES = ["Pengumuman Lelang", "Pendaftaran dan Prakualifikasi", "Penawaran Harga", "Penetapan Pemenang"];

/** The values the auction list's `name` filter takes, as the service's description lists them. */
const covered = (name: string): ReadonlySet<string> => new Set(choicesOf("/v2/mining/license-auctions/", name));
const [PROVINCES, COMMODITIES] = [covered("province"), covered("commodity_type")];

const participant = (name: string, passed: boolean, r: () => number) => ({
  NIB: String(intBetween(r, 1e12, 9e12)),
  company_name: name,
  email: `tender@${slugify(name).replace(/^(pt|cv)-/, "")}.example`,
  qualification_result: passed ? "Lolos" : "Tidak Lolos",
});

const tendered = LICENSES.filter(
  (l) => l.license_effective_date >= "2018-01-01" && PROVINCES.has(l.province) && COMMODITIES.has(l.commodity),
);

export const AUCTIONS = tendered.map((l) => {
  const x = licenseExtras(l);
  const r = rng("auction", l.id);
  const won = addDays(l.license_effective_date, -intBetween(r, 20, 90));
  const participants = RIVALS.filter(() => r() < 0.4).map((name) => participant(name, r() < 0.6, r));
  // The winner among the rivals, at a seeded place (the portal lists them in registration order).
  participants.splice(intBetween(r, 0, participants.length), 0, participant(l.company_name, true, r));
  const opened = addDays(won, -intBetween(r, 50, 80));
  return {
    commodity_type: l.commodity,
    city: l.city,
    province: l.province,
    company_name: l.company_name,
    winner_date: won,
    licensed_area_ha: l.licensed_area_ha,
    license_number: l.license_number,
    area_type: l.license_type === "IUPK" ? "WIUPK" : "WIUP",
    kdi: String(intBetween(r, 1e9, 9e9)),
    wiup_code: x.wiup_code,
    auction_status: "Lelang Selesai",
    participant_count: participants.length,
    winner: true,
    company_slug: x.company_slug,
    created_at: addDays(won, 7),
    last_modified: addDays(won, intBetween(r, 7, 30)),
    phases: PHASES.map((description, i) => ({
      order: i + 1,
      description,
      start_date: addDays(opened, i * 15),
      end_date: i === PHASES.length - 1 ? null : addDays(opened, i * 15 + 14),
    })),
    participants,
  };
});
