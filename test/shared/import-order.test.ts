// Any module of the core can be the first one loaded: a row (or the request builder) imported
// before the catalogue must not meet a half-initialised module through an import cycle.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const SHARED = join(__dirname, "..", "..", "shared");
const FIRST = [
  ...readdirSync(join(SHARED, "functions")).map((f) => join(SHARED, "functions", f)),
  ...["request.ts", "row-request.ts", "executor.ts", "templates.ts", "value-batch.ts"].map((f) => join(SHARED, f)),
];

test.each(FIRST.map((file) => [file.slice(SHARED.length + 1), file]))("%s loads first, and the catalogue after it is whole", (_, file) => {
  jest.isolateModules(() => {
    expect(() => require(file)).not.toThrow();
    const { CATALOGUE } = require(join(SHARED, "catalogue"));
    for (const fn of CATALOGUE) expect(typeof fn?.name).toBe("string");
  });
});
