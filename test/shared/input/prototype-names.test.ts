// Every name Object.prototype holds ("constructor", "__proto__", "toString", ...) typed into every
// argument, used as every option's name and value, through the whole pipeline of every function
// in both editions: a bad argument that names what it refused, or a request that carries the
// text as typed. Never what Object.prototype holds (a function's source, "[object Object]"),
// never another exception.

import type { CellValue } from "../../../shared/base/cells";
import { EDITIONS } from "../../../shared/base/editions";
import { MdqError } from "../../../shared/base/errors";
import { CATALOGUE, functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import { DISPLAY_OPTIONS } from "../../../shared/input/options";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const settings = { baseUrl: "https://api.example.com", apiKey: "k" };
const LEAKED = /function|\[object|native code/;

/** The call's outcome: the URLs it sent, and the error it ended with (or none). */
function attempt(name: string, args: CellValue[], edition: (typeof EDITIONS)[number]) {
  const urls: string[] = [];
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "fetch") {
      urls.push(effect.request.url);
      return { status: 200, body: "[]" };
    }
    return undefined;
  };
  try {
    runSync(
      callFunction(
        functionNamed(name),
        args,
        { ...settings, edition },
        { now: () => Date.parse("2026-11-25T03:00:00Z"), random: () => 0.5 },
      ),
      handle,
    );
    return { urls, error: undefined };
  } catch (e) {
    return { urls, error: e };
  }
}

function expectSafe(outcome: ReturnType<typeof attempt>, naming?: string) {
  const { urls, error } = outcome;
  if (error !== undefined) {
    expect(error).toBeInstanceOf(MdqError);
    const e = error as MdqError;
    expect(e.message).not.toMatch(LEAKED);
    expect(e.message).not.toMatch(/unexpected failure/);
    if (e.kind === "bad_argument" && naming && urls.length === 0) expect(e.message).toContain(naming);
  }
  for (const url of urls) expect(decodeURIComponent(url)).not.toMatch(LEAKED);
}

describe.each(CATALOGUE.flatMap((f) => EDITIONS.map((e) => [f.name, e, f] as const)))("%s, %s edition", (name, edition, fn) => {
  test("every Object.prototype name in every argument", () => {
    fn.args.forEach((_arg, i) => {
      for (const proto of PROTO_NAMES) {
        const args = [...fn.example];
        args[i] = proto;
        expectSafe(attempt(name, args, edition));
      }
    });
  });

  test("every Object.prototype name as an option's name and as its value", () => {
    const positional = fn.args.map((_, i) => fn.example[i] ?? "");
    for (const proto of PROTO_NAMES) {
      const asName = attempt(name, [...positional, `${proto}=1`], edition);
      expect(asName.urls).toEqual([]);
      expect((asName.error as MdqError).message).toMatch(/unknown option/);
      for (const option of [...fn.options, ...DISPLAY_OPTIONS])
        expectSafe(attempt(name, [...positional, `${option.name}=${proto}`], edition), option.name);
    }
  });
});

test("a text argument carries the name as typed", () => {
  const { urls } = attempt("MINING_COMPANIES", ["constructor"], "spec");
  expect(urls).toEqual(["https://api.example.com/v2/mining/companies/?keyword=constructor"]);
});
