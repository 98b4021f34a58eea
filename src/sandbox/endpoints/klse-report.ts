// GET /v1/klse/company/report/{ticker}/ (spec 4.11): the full report of a 4-digit KLSE symbol.

import { klseFigures } from "../data/klse-reports";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import { klseCode } from "../tickers";

export const klseReport: Endpoint = {
  path: "/v1/klse/company/report/:ticker/",
  handle({ params, query, today }) {
    query.allow([]);
    const code = klseCode(params.ticker);
    if (!code) throw badRequest("Please provide a valid stock ticker.");
    const figures = klseFigures(today).get(code);
    if (!figures) throw notFound("Given KLSE symbol does not exist.");
    return figures.report;
  },
};
