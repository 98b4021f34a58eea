// Run in a child process whose TZ is the script's time zone (zones.test.ts): Node cannot give a vm
// realm a zone of its own, and the test process's UTC would hide any use of the script's local
// time (in UTC, local and UTC fields agree). For each spreadsheet zone, what the built script sends
// for date cells and how its dates=date values show. Input: JSON {baseUrl, apiKey, zones} in argv.
import { loadScript } from "../../scripts/harness/load-sheets";
import { shownIn } from "../../scripts/harness/zones";

const { baseUrl, apiKey, zones } = JSON.parse(process.argv[process.argv.length - 1]) as {
  baseUrl: string;
  apiKey: string;
  zones: string[];
};

const results = zones.map((zone) => {
  const { ctx, rec, dateCell } = loadScript({ baseUrl, apiKey, timeZone: zone });
  ctx.MDQ_INDEX("lq45", dateCell("2024-03-01"), dateCell("2024-03-31"));
  const cells = ctx.MDQ_INDEX("lq45", "2024-03-25", "2024-04-05", "dates=date; fields=date");
  return {
    zone,
    url: rec.requests[0].url,
    shown: cells.slice(1).map((row: Date[]) => shownIn(row[0].getTime(), zone)),
    asText: ctx
      .MDQ_INDEX("lq45", "2024-03-25", "2024-04-05", "fields=date; dates=text")
      .slice(1)
      .map((row: string[]) => `${row[0]} 00:00`),
  };
});

const runtimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
process.stdout.write(JSON.stringify({ runtimeZone, results }));
