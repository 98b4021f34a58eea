// One HTTP GET, run as a child process so the UrlFetchApp stand-in can block like the real one.
// Reads {url, headers, capMs} on stdin, prints {status, headers, body} or {error} on stdout.
// capMs plays UrlFetchApp's own timeout (Apps Script's is about 60 s; the tests use less). Like
// UrlFetchApp, it inflates a gzip answer and gives up on an answer past 50 MB.
const http = require("node:http");
const zlib = require("node:zlib");

const MAX_BYTES = 50 * 1024 * 1024;

let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const { url, headers, capMs } = JSON.parse(input);
  const done = (out) => process.stdout.write(JSON.stringify(out), () => process.exit(0));
  const req = http.get(url, { headers, timeout: capMs }, (res) => {
    const chunks = [];
    let bytes = 0;
    const body = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
    body.on("data", (c) => {
      bytes += c.length;
      if (bytes > MAX_BYTES) {
        req.destroy();
        done({ error: "too_large" });
      } else chunks.push(c);
    });
    body.on("end", () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    body.on("error", (e) => done({ error: "network", message: e.message }));
    res.on("aborted", () => done({ error: "network", message: "connection reset" }));
  });
  req.on("timeout", () => {
    req.destroy();
    done({ error: "timeout" });
  });
  req.on("error", (e) => done({ error: "network", message: e.code || e.message }));
});
