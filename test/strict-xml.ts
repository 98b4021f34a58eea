// Every XML file MDQ ships or writes (manifests, the parts of the ready workbooks) is read the way
// Excel reads it: by a strict parser that refuses what XML forbids (a "--" inside a comment, an
// undefined entity, mismatched tags), which lenient parsers let through.
import { SaxesParser } from "saxes";

/** Throws with the parser's message when the text is not well-formed XML. */
export function parseStrictXml(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let failure: Error | undefined;
  parser.on("error", (e) => {
    failure ??= e;
  });
  parser.write(text).close();
  if (failure) throw failure;
}
