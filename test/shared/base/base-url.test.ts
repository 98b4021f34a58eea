// Apps Script has no URL class; the core's parser must read the parts the settings check uses
// as the real one does. hostOf remembers the last URL's scheme and host: whatever it remembers,
// every answer is the plain reading's, and URLs of one service are read once.
import type * as baseUrl from "../../../shared/base/base-url";
import { hostOf, parseBaseUrl } from "../../../shared/base/base-url";

afterEach(() => jest.restoreAllMocks());

const parts = (u: { protocol: string; username: string; password: string; hostname: string; search: string; hash: string }) => ({
  protocol: u.protocol,
  username: u.username,
  password: u.password,
  hostname: u.hostname,
  search: u.search,
  hash: u.hash,
});

test.each([
  "https://api.example.com",
  "https://API.Example.com:8443/base/",
  "http://127.0.0.1:8787",
  "http://localhost/v1",
  "http://[::1]:8080/",
  "https://user:pw@api.example.com/",
  "https://api.example.com/?a=1",
  "https://api.example.com/#frag",
  "https://api.example.com/?",
  "ftp://files.example.com/",
])("%s reads as with the real URL", (text) => {
  expect(parseBaseUrl(text)).toEqual(parts(new URL(text)));
});

test.each(["", "api.example.com", "https://", "https://exa mple.com", "not a url", "https://host:99999/"])(
  "%j is rejected, as by the real URL",
  (text) => {
    expect(() => new URL(text)).toThrow();
    expect(parseBaseUrl(text)).toBeUndefined();
  },
);

/** A fresh copy of the module: its hostOf remembers nothing yet. */
function freshModule(): typeof baseUrl {
  let fresh!: typeof baseUrl;
  jest.isolateModules(() => {
    fresh = jest.requireActual("../../../shared/base/base-url");
  });
  return fresh;
}

/** The plain reading of a URL's host: hostOf with nothing remembered. */
const plainHostOf = (url: string) => freshModule().hostOf(url);

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
  "http://a.b:80",
  "http://a.b:8080/x",
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

test("every URL after every other one reads the host the plain reading gives", () => {
  const plain = new Map(URLS.map((url) => [url, plainHostOf(url)]));
  for (const before of URLS) {
    for (const url of URLS) {
      hostOf(before);
      expect([before, url, hostOf(url)]).toEqual([before, url, plain.get(url)]);
    }
  }
});

test("hosts alternating, one a prefix of the remembered one's, no scheme, a user, nothing", () => {
  const read = [
    "http://a.b:8080/x",
    "http://a.b:80",
    "http://a.b:8080/x",
    "http://a.b/y",
    "https://api.example.com/v1",
    "http://127.0.0.1:8787/a",
    "https://api.example.com/v2?x=1",
    "api.example.com/no-scheme",
    "api.example.com/again",
    "http://user:pw@api.example.com/x",
    "http://api.example.com/x",
    "",
    "http://a.b:80",
  ].map(hostOf);
  expect(read).toEqual([
    "a.b:8080",
    "a.b:80",
    "a.b:8080",
    "a.b",
    "api.example.com",
    "127.0.0.1:8787",
    "api.example.com",
    "api.example.com",
    "api.example.com",
    "user:pw@api.example.com",
    "api.example.com",
    "",
    "a.b:80",
  ]);
});

test("URLs of one service are read once; a change of service or scheme reads again", () => {
  const { hostOf: fresh } = freshModule();
  // The plain reading matches the URL's scheme with a pattern; a remembered host needs none.
  const readings = jest.spyOn(RegExp.prototype, "exec");
  const urls = [
    "http://127.0.0.1:8787/api/v1/a",
    "http://127.0.0.1:8787/api/v1/b?x=1",
    "http://127.0.0.1:8787/api/v1/c",
    "https://127.0.0.1:8787/api/v1/a",
    "https://127.0.0.1:8787/api/v1/b",
    "https://127.0.0.1:8787",
  ];
  expect(urls.map((url) => fresh(url))).toEqual(urls.map(() => "127.0.0.1:8787"));
  expect(readings).toHaveBeenCalledTimes(2);
});
