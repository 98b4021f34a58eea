// GET /v1/klse/sectors/ -> ["basic-materials", ...].
import type { Endpoint } from "../endpoint";
import { KLSE_SECTORS } from "../data/klse-companies";

export const klseSectors: Endpoint = {
  path: "/v1/klse/sectors/",
  handle: ({ query }) => (query.allow([]), KLSE_SECTORS),
};
