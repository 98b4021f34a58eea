// A TLS certificate made for one bench run (HTTP/2 in a browser needs TLS): an EC key and a
// self-signed certificate for 127.0.0.1 from openssl in a temporary folder, and the SHA-256 of its
// public key, which the bench's own Chromium is told to trust (--ignore-certificate-errors-spki-list)
// so that no other certificate error is waved through.
import { execFileSync } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunCertificate {
  key: string;
  cert: string;
  /** Base64 SHA-256 of the DER SubjectPublicKeyInfo, as Chromium's SPKI list takes it. */
  spki: string;
}

export function makeCertificate(): RunCertificate {
  const dir = mkdtempSync(join(tmpdir(), "mdq-bench-tls-"));
  try {
    const [keyFile, certFile] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ]),
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const key = readFileSync(keyFile, "utf8");
    const spkiDer = createPublicKey(key).export({ type: "spki", format: "der" });
    return { key, cert: readFileSync(certFile, "utf8"), spki: createHash("sha256").update(spkiDer).digest("base64") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The flag that makes Chromium accept this certificate, and only it. */
export const trustFlag = (certificate: RunCertificate) => `--ignore-certificate-errors-spki-list=${certificate.spki}`;
