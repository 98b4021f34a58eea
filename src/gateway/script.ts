// A Lua script with its SHA-1, so that a call sends the hash (EVALSHA), not the text.
import { createHash } from "node:crypto";

export class Script {
  readonly sha: string;

  constructor(readonly text: string) {
    this.sha = createHash("sha1").update(text, "utf8").digest("hex");
  }
}
