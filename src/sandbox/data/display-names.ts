// Display names of taxonomy slugs, as the live service writes sector and sub-sector values in the
// screener and reports ("oil-gas-coal" -> "Oil, Gas & Coal"): title case, except where the name
// has punctuation or an acronym a slug cannot carry.

const SPECIAL: ReadonlyMap<string, string> = new Map([
  ["consumer-non-cyclicals", "Consumer Non-Cyclicals"],
  ["oil-gas-coal", "Oil, Gas & Coal"],
  ["food-beverage", "Food & Beverage"],
  ["software-it-services", "Software & IT Services"],
  ["it-services-consulting", "IT Services & Consulting"],
  ["metals-minerals", "Metals & Minerals"],
  ["diversified-metals-minerals", "Diversified Metals & Minerals"],
  ["online-applications-services", "Online Applications & Services"],
  ["multi-sector-holdings", "Multi-sector Holdings"],
]);

export function displayName(slug: string): string {
  return (
    SPECIAL.get(slug) ??
    slug
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ")
  );
}
