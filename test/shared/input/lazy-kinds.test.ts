// A kind makes its zod rule and cell schema when first used, not when declared: a bundle declares
// every row's kinds as it loads (the Excel add-in's cold start) and a session checks a few. What
// it says and how it checks are the same as when made at once.
import * as z from "zod/mini";
import { readText } from "../../../shared/base/cells";
import { type KindParts, kind, listKind, parseArg } from "../../../shared/input/kinds";

const counted = () => {
  const made = jest.fn(() => z.int().check(z.gte(1), z.lte(30)));
  const parts: KindParts<number> = { rule: made, read: (v) => (typeof v === "number" ? v : Number(readText(v))), write: String };
  return { made, parts };
};

test("declaring a kind or a list of it makes no rule; the first check makes it once", () => {
  const { made, parts } = counted();
  const one = kind(parts);
  const many = listKind(parts);
  expect(made).not.toHaveBeenCalled();
  expect(parseArg("n", one, 7)).toBe("7");
  expect(parseArg("n", one, 8)).toBe("8");
  expect(made).toHaveBeenCalledTimes(1);
  expect(parseArg("ns", many, "3,4,3")).toBe("3,4");
  // The list's item rule is its own (made once for the list), never rebuilt per check.
  expect(parseArg("ns", many, "5")).toBe("5");
  expect(made).toHaveBeenCalledTimes(2);
});

test("a lazy kind describes itself and refuses as an eager one did: the argument, the value, what is allowed", () => {
  const { parts } = counted();
  const one = kind(parts);
  expect(one).toMatchObject({ type: "whole", expected: "a whole number from 1 to 30", list: false, zero: "blank" });
  expect(() => parseArg("n", one, 31)).toThrow("'n' must be a whole number from 1 to 30 (got 31)");
  const many = listKind(parts);
  expect(many).toMatchObject({ type: "whole", expected: "a comma list of a whole number from 1 to 30", list: true });
  expect(() => parseArg("ns", many, "2,99")).toThrow("'ns' must be a comma list of a whole number from 1 to 30");
});
