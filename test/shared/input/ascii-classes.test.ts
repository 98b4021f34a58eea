// Names are read with ASCII classes where the text is plain ASCII, and with the Unicode property
// classes (built on first need) otherwise: the ASCII class must be exactly the Unicode class's part
// on ASCII text, for every character, or a name would be taken or refused differently.
import { unicodeRegExp } from "../../../shared/base/unicode";
import { titleCase, toSlug } from "../../../shared/input/arg-kinds";

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const NAME = unicodeRegExp("^[\\p{L}\\p{M}\\p{N} .,&'()-]+$");
const WORDS = unicodeRegExp("\\p{L}+", "g");
const MARKS = unicodeRegExp("\\p{M}+", "g");

test("every ASCII character is a name's character exactly when the Unicode class says so", () => {
  for (const c of PRINTABLE_ASCII) expect([c, titleCase.schema.safeParse(`Coal${c}`).success]).toEqual([c, NAME.test(`Coal${c}`)]);
});

test("an ASCII name is written in Title Case as the Unicode words would write it; others as before", () => {
  const title = (w: string) => w[0].toUpperCase() + w.slice(1).toLowerCase();
  for (const text of ["kalimantan timur", "OIL, GAS & COAL", "pt. bara-sungai (tbk)", "a1b2 c3", `x${PRINTABLE_ASCII.join("")}`]) {
    expect(titleCase.schema.safeParse(text).data ?? text.replace(WORDS, title)).toBe(text.replace(WORDS, title));
  }
  expect(titleCase.schema.safeParse("éire ölmühle").data).toBe("Éire Ölmühle");
});

test("slugs of ASCII text lose no mark they never had; accented text loses its marks", () => {
  for (const text of ["Oil, Gas & Coal", `a${PRINTABLE_ASCII.join("")}z`])
    expect(toSlug(text)).toBe(toSlug(text.normalize("NFKD").replace(MARKS, "")));
  expect(toSlug("Öl & Gas")).toBe("ol-gas");
});
