// GET /v1/sgx/sectors/ -> ["financial-services", ...].

import { SGX_SECTORS } from "../data/sgx";
import type { Endpoint } from "../endpoint";

export const sgxSectors: Endpoint = {
  path: "/v1/sgx/sectors/",
  handle: ({ query }) => {
    query.allow([]);
    return SGX_SECTORS;
  },
};
