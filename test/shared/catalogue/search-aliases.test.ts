// The names people use for companies, as data: every code looks like its market's, each index is
// covered, and no name points at two companies (nor repeats within one, nor is another company's
// code), as SEARCH matches a name by its letters and digits alone.
import { SEARCH_ALIASES } from "../../../shared/catalogue/functions/search-aliases";
import { rankCompanies } from "../../../shared/catalogue/functions/search-rank";

/** A market's codes: IDX four letters (BBRI), SGX three or four letters and digits (D05, C38U,
 *  BUOU), Bursa Malaysia four digits (1155, 0166). */
const CODE = { IDX: /^[A-Z]{4}$/, SGX: /^[A-Z0-9]{3,4}$/, KLSE: /^[0-9]{4}$/ } as const;

/** A name as SEARCH compares it: lower case, accents off, letters and digits, legal forms aside. */
const compact = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !["tbk", "pt", "bhd", "berhad", "ltd", "limited"].includes(w))
    .join("");

/** Names meant to point at more than one company: none so far. */
const SHARED: readonly string[] = [];

const entries = Object.entries(SEARCH_ALIASES).flatMap(([market, codes]) =>
  Object.entries(codes).map(([code, names]) => ({ market: market as keyof typeof CODE, code, names })),
);

test("every code looks like its market's, and every market's index is covered", () => {
  for (const { market, code } of entries) expect(`${market}:${code}`).toMatch(new RegExp(`^${market}:${CODE[market].source.slice(1)}`));
  // At least the LQ45's 45, the STI's 30 and the KLCI's 30.
  expect(Object.keys(SEARCH_ALIASES.IDX).length).toBeGreaterThanOrEqual(45);
  expect(Object.keys(SEARCH_ALIASES.SGX).length).toBeGreaterThanOrEqual(30);
  expect(Object.keys(SEARCH_ALIASES.KLSE).length).toBeGreaterThanOrEqual(30);
  const named = (market: keyof typeof CODE, code: string) => SEARCH_ALIASES[market][code]?.map(compact) ?? [];
  expect(named("IDX", "BBRI")).toEqual(expect.arrayContaining(["bri", "bankrakyat"]));
  expect(named("IDX", "TLKM")).toContain("telkom");
  expect(named("IDX", "BMRI")).toContain("mandiri");
  expect(named("IDX", "BBCA")).toContain("bca");
  expect(named("IDX", "ASII")).toContain("astra");
  expect(named("IDX", "UNVR")).toContain("unilever");
  expect(named("IDX", "GOTO")).toContain("goto");
  expect(named("SGX", "D05")).toContain("dbs");
  expect(named("SGX", "O39")).toContain("ocbc");
  expect(named("SGX", "U11")).toContain("uob");
  expect(named("SGX", "Z74")).toContain("singtel");
  expect(named("KLSE", "1155")).toEqual(expect.arrayContaining(["maybank", "malayanbanking"]));
  expect(named("KLSE", "1295")).toContain("publicbank");
  expect(named("KLSE", "1023")).toContain("cimb");
  expect(named("KLSE", "5347")).toContain("tenaga");
});

test("no name points at two companies, repeats within one, is too short, or is another company's code", () => {
  const owners = new Map<string, string[]>();
  for (const { market, code, names } of entries) {
    const own = names.map(compact);
    expect(`${market}:${code}: ${own.join(", ")}`).toBe(`${market}:${code}: ${[...new Set(own)].join(", ")}`);
    for (const name of own) {
      expect(`${market}:${code} "${name}"`).toMatch(/ "[a-z0-9]{2,}"$/);
      // A code typed whole is that company: a name spelled as another company's code would mislead.
      const others = Object.keys(SEARCH_ALIASES[market]).filter((c) => c !== code);
      expect(others.map((c) => c.toLowerCase())).not.toContain(name);
      owners.set(name, [...(owners.get(name) ?? []), `${market}:${code}`]);
    }
  }
  const shared = [...owners].filter(([name, codes]) => codes.length > 1 && !SHARED.includes(name));
  expect(shared).toEqual([]);
});

test("a name finds only a company the lists hold: the code of a company not listed is never made up", () => {
  const listed = [{ symbol: "BNII", name: "Bank Maybank Indonesia Tbk", market: "IDX" as const, sector: "banks" }];
  // Maybank is 1155's name, but the lists hold no 1155: only what they hold is found.
  expect(rankCompanies("maybank", listed).map((c) => c.symbol)).toEqual(["BNII"]);
  expect(rankCompanies("singtel", listed)).toEqual([]);
});
