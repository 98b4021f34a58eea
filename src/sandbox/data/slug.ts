// Kebab-case slugs, as the live service addresses companies and sites by them:
// "PT Adaro Energy Indonesia Tbk" -> "pt-adaro-energy-indonesia-tbk", "Q&M Dental" -> "q-m-dental".

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
