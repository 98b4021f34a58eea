// How wide a column of the grid is: as wide as its longest text (within bounds), like a
// double-click on its border in Excel, and never narrower than MIN_COLUMN_PX, Excel's default
// width: an empty column keeps room for its letter and for a number typed into it.

export const MIN_COLUMN_PX = 64;
/** Longer texts are cut with an ellipsis (the full text is the cell's hover). */
const MAX_CHARS = 34;
/** The cell's padding and border, in characters. */
const PADDING_CHARS = 2;

/** The width in pixels of a column whose longest text has `chars` characters, for a font whose
 *  digits are `charPx` wide. */
export const columnWidth = (chars: number, charPx: number): number =>
  Math.max(MIN_COLUMN_PX, Math.ceil((Math.min(chars, MAX_CHARS) + PADDING_CHARS) * charPx));
