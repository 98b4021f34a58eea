// The gateway's cache hit beside nginx proxy_cache by itself (figure 11's rows of npm run bench),
// for work on the hit path without the whole bench:
//   node scripts/bench-hits.mjs [--distinct 1000,100000] [--seconds 5] [--only "gateway, embedded"]
// --only takes the start of a server's name (nginx, node:http, gateway, embedded, gateway, Redis),
// several separated by ";".
import { loadTs } from "./load-ts.mjs";

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
};
const hits = await loadTs("scripts/bench/hit-cost.ts");
const result = await hits.hitCost({
  distinct: flag("--distinct", "1000,100000").split(",").map(Number),
  seconds: Number(flag("--seconds", "5")),
  only: flag("--only", "").split(";").filter(Boolean),
});
for (const [figure, measured, goal] of hits.hitCostRows(result)) console.log(`${figure}\n  ${measured}\n  goal: ${goal}`);
