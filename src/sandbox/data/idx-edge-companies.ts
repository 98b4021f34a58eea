// Six fictional IDX companies whose quarterly statements have the edges real filings have and the
// rest of the universe does not: a June financial year, restated quarters, rows dated at their
// report date (one filed late), a quarter never filed, a company that stopped reporting (and was
// suspended), a swing from losses to profit. Their rows are built by idx-statement-rows.ts; every
// endpoint that reads statements reads those rows, so the edges show the same everywhere.
import type { Row } from "./idx-companies-more";

/** How a company files its quarterly statements, where it differs from the kind default (December
 *  year, each row dated at its quarter's end, every quarter, no restatement). Periods are named by
 *  their end date (YYYY-MM-DD). */
export interface StatementHabits {
  /** The calendar quarter its financial year ends with (2: June, so Sep 30 is q1); default 4. */
  yearEndQuarter?: 1 | 2 | 3 | 4;
  /** Rows dated at the day the report was filed (about a month after the quarter, the audited Q4
   *  in March), not at the period end. */
  reportDates?: boolean;
  /** Filing days where the report came out off its habit (late), by period. */
  filedOn?: Readonly<Record<string, string>>;
  /** Periods it never filed. */
  missing?: readonly string[];
  /** The last period it filed: nothing after it. */
  lastPeriod?: string;
  /** Restated periods: `alongside` lists a restated row with the original's date, before it; a
   *  date adds a restated row dated on the day the restatement was filed. */
  restated?: Readonly<Record<string, "alongside" | string>>;
  /** Net margins of single quarters, by period, over the yearly ones. */
  quarterMargins?: Readonly<Record<string, number>>;
}

export interface EdgeCompany {
  row: Row;
  habits: StatementHabits;
  /** Net margin per year from 2019, where the kind's flat margin will not do. */
  margins?: number[];
  /** The day IDX suspended its shares (not lifted in the demo data): no trade from then on. */
  suspended?: string;
}

/** symbol, name, kind, listing date, revenue, assets, shares, price, net margin, growth, yearly
 *  price drift, payout ratio: rounded magnitudes of small caps, each smaller in 2019 than any
 *  company of the real universe, so no index drawn by size takes them in. */
export const EDGE_COMPANIES: readonly EdgeCompany[] = [
  {
    // A plantation whose financial year ends on 30 June: FY2025 runs from July 2024 to June 2025.
    row: ["KRLS", "Kebun Raya Lestari Tbk", "plantation", "2012-05-14", 2.4, 4.8, 1.6, 700, 0.07, 0.04, 0.02, 0.3],
    habits: { yearEndQuarter: 2 },
  },
  {
    // Restated Q2 2024 in the same filing (both rows dated 2024-06-30, the restated one first), and
    // Q3 2023 restated with the 2023 annual report.
    row: ["CGPR", "Cahaya Griya Properti Tbk", "property", "2014-10-22", 1.8, 6.5, 4, 250, 0.12, 0.04, -0.03, 0.2],
    habits: { restated: { "2024-06-30": "alongside", "2023-09-30": "2024-03-22" } },
  },
  {
    // Rows dated at the filing day; Q3 2024 filed in January 2025, after the next quarter ended.
    row: ["THFA", "Tirta Husada Farma Tbk", "pharma", "2016-03-09", 2.1, 2.6, 1.2, 1200, 0.08, 0.06, 0.04, 0.4],
    habits: { reportDates: true, filedOn: { "2024-09-30": "2025-01-08" } },
  },
  {
    // Never filed Q2 2023: no row, no date, and 2023 is not a full year.
    row: ["KBPD", "Karya Bangun Persada Tbk", "construction", "2015-07-01", 3.2, 5.5, 3, 400, 0.04, 0.03, -0.08, 0.2],
    habits: { missing: ["2023-06-30"] },
  },
  {
    // Filed nothing after Q3 2024 (its 2024 annual report was due on 31 March 2025); suspended since.
    row: ["SBJU", "Sinar Baja Utama Tbk", "steel", "2010-08-16", 3.6, 5, 2.5, 300, 0.02, 0.01, -0.1, 0.2],
    habits: { lastPeriod: "2024-09-30" },
    suspended: "2025-07-01",
  },
  {
    // Losses to 2022, break-even in Q1 2023 (earnings exactly 0), profits since.
    row: ["NDRG", "Niaga Daring Nusantara Tbk", "retail", "2017-11-28", 1.5, 2.2, 5, 340, -0.1, 0.12, 0.05, 0],
    habits: { quarterMargins: { "2023-03-31": 0 } },
    margins: [-0.12, -0.15, -0.09, -0.06, 0.03, 0.05, 0.06, 0.06],
  },
];
