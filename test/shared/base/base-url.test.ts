// Apps Script has no URL class; the core's parser must read the parts the settings check uses
// as the real one does.
import { parseBaseUrl } from "../../../shared/base/base-url";

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
