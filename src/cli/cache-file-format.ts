// What one file of the command's cache holds, and the checks it must pass before it is used:
//   mdq-file2 <expires at, ms> <sha256 of the cache key> <sha256 of everything after the checksum>\n<entry>
// The key's digest ties the file to the request it was stored for (a copy under another request's
// name, or a hand-made file, is not that request's answer); the checksum, over the expiry, the
// key's digest and the entry, finds a file cut short or edited. The key itself is not stored: it
// holds a hash of the API key, which has no business on disk twice.
import { createHash } from "node:crypto";

const FORMAT = "mdq-file2";

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

export function encodeCacheFile(key: string, value: string, expiresAt: number): Buffer {
  const signed = `${expiresAt} ${sha256(key)}`;
  const body = Buffer.from(value, "utf8");
  return Buffer.concat([Buffer.from(`${FORMAT} ${signed} ${sha256(`${signed}\n`, body)}\n`, "utf8"), body]);
}

/** The entry and its expiry when the file is intact and was stored for `key`; undefined otherwise. */
export function decodeCacheFile(bytes: Buffer, key: string): { value: string; expiresAt: number } | undefined {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  const [format, expires, keyDigest, checksum, ...extra] = bytes.subarray(0, newline).toString("latin1").split(" ");
  const expiresAt = Number(expires);
  if (format !== FORMAT || extra.length > 0 || !Number.isFinite(expiresAt) || keyDigest !== sha256(key)) return undefined;
  const body = bytes.subarray(newline + 1);
  if (checksum !== sha256(`${expires} ${keyDigest}\n`, body)) return undefined;
  return { value: body.toString("utf8"), expiresAt };
}
