// The host of a request's URL, remembered from the last URL (src/excel/host-memo.ts): always the
// host hostOf reads, whatever the order of the URLs, and read again only when the scheme and host
// change.
import * as baseUrl from "../../shared/base/base-url";
import { memoHostOf } from "../../src/excel/host-memo";

afterEach(() => jest.restoreAllMocks());

const URLS = [
  "http://127.0.0.1:8787/api/v1/sgx/companies?sector=x",
  "http://127.0.0.1:8787/api/v1/klse/companies",
  "http://127.0.0.1:8787",
  "http://127.0.0.1:8787?q=1",
  "http://127.0.0.1:8787#top",
  "http://127.0.0.1:87870/longer-port",
  "http://127.0.0.1:878/shorter-port",
  "https://127.0.0.1:8787/other-scheme",
  "HTTP://127.0.0.1:8787/upper-case-scheme",
  "http://user:pw@api.example.com/x",
  "http://api.example.com/x",
  "http://api.example.com.evil/x",
  "http:///no-host",
  "http://",
  "api.example.com/no-scheme",
  "1x://1x:/odd",
  "1x://1x:/odd-again",
  "1x://1x",
  "a:/b://c/d",
  "",
];

test("every URL in every order reads the host hostOf reads", () => {
  // Each URL after each other one: whatever was remembered, the answer is hostOf's.
  for (const before of URLS) {
    for (const url of URLS) {
      const host = memoHostOf();
      host(before);
      expect([before, url, host(url)]).toEqual([before, url, baseUrl.hostOf(url)]);
    }
  }
});

test("URLs of one service are read once; a change of service or scheme reads again", () => {
  const reads = jest.spyOn(baseUrl, "hostOf");
  const host = memoHostOf();
  const urls = [
    "http://127.0.0.1:8787/api/v1/a",
    "http://127.0.0.1:8787/api/v1/b?x=1",
    "http://127.0.0.1:8787/api/v1/c",
    "https://127.0.0.1:8787/api/v1/a",
    "https://127.0.0.1:8787/api/v1/b",
  ];
  expect(urls.map(host)).toEqual(["127.0.0.1:8787", "127.0.0.1:8787", "127.0.0.1:8787", "127.0.0.1:8787", "127.0.0.1:8787"]);
  expect(reads).toHaveBeenCalledTimes(2);
});
