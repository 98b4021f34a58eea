// The live edition's list envelope: `{results, pagination}`, one page of a filtered list plus the
// counts a client needs to walk it (next_offset is null on the last page).

export interface Page {
  limit: number;
  offset: number;
}

export interface Pagination {
  total_count: number;
  showing: number;
  limit: number;
  offset: number;
  has_next: boolean;
  has_previous: boolean;
  next_offset: number | null;
  previous_offset: number | null;
}

export interface Envelope<T> {
  results: T[];
  pagination: Pagination;
}

/** One page of `all`; `shape` turns each kept item into its answer form (only the page's items). */
export function envelope<T, R = T>(all: readonly T[], page: Page, shape?: (item: T) => R): Envelope<R> {
  const { limit, offset } = page;
  const kept = all.slice(offset, offset + limit);
  const results = shape ? kept.map(shape) : (kept as unknown as R[]);
  const hasNext = offset + limit < all.length;
  const hasPrevious = offset > 0;
  return {
    results,
    pagination: {
      total_count: all.length,
      showing: results.length,
      limit,
      offset,
      has_next: hasNext,
      has_previous: hasPrevious,
      next_offset: hasNext ? offset + limit : null,
      previous_offset: hasPrevious ? Math.max(0, offset - limit) : null,
    },
  };
}
