// A company argument's text resolved to the symbol the builder writes: the search's top match (the
// typed symbol itself when the search finds it), or why none; and what each of the front end's
// calls is for.
import type { CellValue } from "../../shared";
import { partsOf, problemText, type Resolution, resolveCompany } from "../../src/builder/companies";
import { type BuilderHost, purposeOf, type RunAnswer } from "../../src/builder/host";

const HEADER = ["symbol", "name", "market", "sector"];

/** A host whose SEARCH answers `rows` for any text (or fails with `error`), recording each ask. */
function searchHost(rows: CellValue[][], error?: string): Pick<BuilderHost, "run"> & { asked: unknown[][] } {
  const asked: unknown[][] = [];
  return {
    asked,
    run: async (name, args, purpose) => {
      asked.push([name, ...args, purpose]);
      const answer: RunAnswer = { cells: error ? [] : [HEADER, ...rows], requests: 1, credits: 1, fromCache: false };
      return error ? { ...answer, error } : answer;
    },
  };
}

test("a name resolves to the search's top match, in the argument's market, asked as a company search", async () => {
  const host = searchHost([
    ["TLKM", "Telkom Indonesia (Persero) Tbk", "IDX", "telecommunication"],
    ["MTEL", "Dayamitra Telekomunikasi Tbk", "IDX", "telecommunication"],
  ]);
  expect(await resolveCompany(host, "telkom", "IDX")).toEqual({
    typed: "telkom",
    company: { symbol: "TLKM", name: "Telkom Indonesia (Persero) Tbk", market: "IDX" },
  });
  expect(host.asked).toEqual([["SEARCH", "telkom", "IDX", "company search"]]);
});

test("a symbol typed as it is stays that symbol, even where the search ranks another first", async () => {
  const host = searchHost([
    ["MTEL", "Dayamitra Telekomunikasi Tbk", "IDX", ""],
    ["TLKM", "Telkom Indonesia (Persero) Tbk", "IDX", ""],
  ]);
  expect(await resolveCompany(host, "tlkm", "ANY")).toMatchObject({ company: { symbol: "TLKM" } });
  // Every market: no market argument.
  expect(host.asked[0]).toEqual(["SEARCH", "tlkm", "company search"]);
});

test("nothing found, or a search that failed: the reason, never a guess", async () => {
  const none = await resolveCompany(searchHost([]), "zzzz", "IDX");
  expect(none).toEqual({ typed: "zzzz", problem: "none" });
  expect(problemText("ticker", none as Extract<Resolution, { problem: unknown }>)).toBe(
    'no company matches "zzzz" (ticker). Type part of a company\'s name or ticker and pick one from the list',
  );
  // The core's "no data" for a search is no company found, not a failure.
  const empty = searchHost([], "MDQ: no data for this request.");
  const run = empty.run;
  empty.run = async (name, args, purpose) => ({ ...(await run(name, args, purpose)), empty: true });
  expect(await resolveCompany(empty, "zzzz", "IDX")).toEqual({ typed: "zzzz", problem: "none" });
  const failed = await resolveCompany(searchHost([], "MDQ: the service did not answer."), "telkom", "IDX");
  expect(failed).toEqual({ typed: "telkom", problem: { failed: "MDQ: the service did not answer." } });
  expect(problemText("ticker", failed as Extract<Resolution, { problem: unknown }>)).toBe(
    'the company search for "telkom" (ticker) failed: MDQ: the service did not answer',
  );
});

test("a list argument's parts, each a company of its own; any other argument is one text", () => {
  expect(partsOf(" telkom, bca ,, ", true)).toEqual(["telkom", "bca"]);
  expect(partsOf("telkom, bca", false)).toEqual(["telkom, bca"]);
  expect(partsOf("  ", true)).toEqual([]);
});

test("a call run without a purpose is explain when its options ask for it, else a preview", () => {
  expect(purposeOf(["BBCA", "revenue", "explain=true"])).toBe("explain");
  expect(purposeOf(["BBCA", "fields=date; explain = TRUE"])).toBe("explain");
  expect(purposeOf(["BBCA", "explain=false"])).toBe("preview");
  expect(purposeOf(["explain=true"], "company search")).toBe("company search");
  expect(purposeOf(["BBCA", 4])).toBe("preview");
});
