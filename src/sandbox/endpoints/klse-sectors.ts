// GET /v1/klse/sectors/ -> ["basic-materials", ...].

import { KLSE_SECTORS } from "../data/klse-companies";
import type { Endpoint } from "../endpoint";

export const klseSectors: Endpoint = {
  path: "/v1/klse/sectors/",
  handle: ({ query }) => {
    query.allow([]);
    return KLSE_SECTORS;
  },
};
