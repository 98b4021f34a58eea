// The committed files derived from the catalogue, path → exact text.
import { catalogueMarkdown } from "../shared/describe";

export function generatedFiles(): Record<string, string> {
  return {
    "docs/functions.md": catalogueMarkdown(),
  };
}
