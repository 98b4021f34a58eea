// One HTTP GET, run as a child process so the UrlFetchApp stand-in can block like the real one.
// Reads {url, headers, capMs} on stdin, prints {status, headers, body} or {error} on stdout.
// capMs plays UrlFetchApp's own timeout (Apps Script's is about 60 s; the tests use less).
const http = require("node:http");

let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const { url, headers, capMs } = JSON.parse(input);
  const done = (out) => process.stdout.write(JSON.stringify(out), () => process.exit(0));
  const req = http.get(url, { headers, timeout: capMs }, (res) => {
    const chunks = [];
    res.on("data", (c) => chunks.push(c));
    res.on("end", () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    res.on("error", (e) => done({ error: "network", message: e.message }));
    res.on("aborted", () => done({ error: "network", message: "connection reset" }));
  });
  req.on("timeout", () => {
    req.destroy();
    done({ error: "timeout" });
  });
  req.on("error", (e) => done({ error: "network", message: e.code || e.message }));
});
