// The live edition's route table: the provider's current /v2/ service (see editions.ts).
import { withDescribedQuery } from "./described";
import type { Endpoint } from "./endpoint";
import { liveBrokerActivity, liveBrokerActivityTop, liveBrokerSummaryTop, liveBrokers, liveTopBrokers } from "./live/broker-rankings";
import { liveBrokerSummary, liveForeignFlow } from "./live/brokers";
import { liveCommodities, liveCommodityPrice } from "./live/commodities";
import { liveCompanies, liveSgxCompanies } from "./live/companies";
import { liveCorporateActions } from "./live/corporate-actions";
import { liveDaily, liveIndexDaily } from "./live/daily";
import { liveFilings } from "./live/filings";
import { liveFreeFloat } from "./live/free-float";
import { liveGlobalCommodity } from "./live/global-commodity";
import { liveIdxTotal } from "./live/idx-total";
import { liveClose, liveReportedSince, liveSuspensions } from "./live/idx-universe";
import { liveKlseReport, liveKlseTop } from "./live/klse";
import { liveListingPerformance } from "./live/listing-performance";
import { LIVE_LISTS } from "./live/lists";
import { liveLicenseAuction, liveLicenseAuctions } from "./live/mining-auctions";
import { liveMiningCompanies, liveMiningCompany } from "./live/mining-companies";
import { liveMiningFinancials } from "./live/mining-financials";
import { liveMiningLicenses } from "./live/mining-licenses";
import { liveMiningExports, liveProvinceReserves, liveReservesIndex, liveTotalProduction } from "./live/mining-national";
import { liveMiningPerformance } from "./live/mining-performance";
import { liveMiningSite, liveMiningSites } from "./live/mining-sites";
import { liveMiningContracts, liveMiningOwnership } from "./live/mining-ties";
import { liveMostTraded } from "./live/most-traded";
import { liveNews } from "./live/news";
import { liveQuarterly } from "./live/quarterly";
import { liveCompanyReport } from "./live/report";
import { liveSalesDestination } from "./live/sales-destination";
import { liveQuarterDates, liveSegments } from "./live/segments";
import { liveSgxBuybacks, liveSgxFilings, liveSgxNews, liveSgxShortSell, liveSgxSubsectors, liveSgxTags } from "./live/sgx-feeds";
import { liveSgxDaily, liveSgxTop } from "./live/sgx-market";
import { liveSgxReport } from "./live/sgx-report";
import { liveShareholders } from "./live/shareholders";
import { liveSubsectorReport } from "./live/subsector";
import { liveTopChanges } from "./live/top-changes";

// Every live endpoint refuses a query parameter its described path does not take.
export const LIVE_ENDPOINTS: Endpoint[] = [
  liveFilings,
  liveNews,
  liveCompanies,
  liveSgxCompanies,
  liveQuarterly,
  liveCompanyReport,
  liveSegments,
  liveQuarterDates,
  liveIndexDaily,
  liveDaily,
  liveIdxTotal,
  liveMostTraded,
  liveTopChanges,
  liveFreeFloat,
  liveListingPerformance,
  liveCorporateActions,
  liveShareholders,
  liveBrokerSummary,
  liveBrokerSummaryTop,
  liveForeignFlow,
  liveBrokers,
  liveTopBrokers,
  liveBrokerActivity,
  liveBrokerActivityTop,
  liveClose,
  liveReportedSince,
  liveSuspensions,
  liveSubsectorReport,
  ...LIVE_LISTS,
  liveKlseReport,
  liveKlseTop,
  liveSgxReport,
  liveSgxTop,
  liveSgxDaily,
  liveSgxFilings,
  liveSgxNews,
  liveSgxShortSell,
  liveSgxBuybacks,
  liveSgxSubsectors,
  liveSgxTags,
  liveMiningCompanies,
  liveMiningOwnership,
  liveMiningCompany,
  liveMiningContracts,
  liveMiningFinancials,
  liveMiningPerformance,
  liveSalesDestination,
  liveMiningLicenses,
  liveMiningSites,
  liveMiningSite,
  liveLicenseAuctions,
  liveLicenseAuction,
  liveMiningExports,
  liveTotalProduction,
  liveReservesIndex,
  liveProvinceReserves,
  liveGlobalCommodity,
  liveCommodities,
  liveCommodityPrice,
].map(withDescribedQuery);
