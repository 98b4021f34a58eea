// The ready workbooks' typed model: a template, its sheets and their cells. A cell holds a value,
// an MDQ formula (a catalogue function and its arguments: text, numbers or cell references, written
// for each host by templates.ts's formulaText) or a formula of the spreadsheet's own functions and
// arithmetic (builtin-formula.ts says which). Types and two helpers only: templates.ts and
// template-model.ts hold the templates themselves.

/** A reference to another cell, as the formula writes it ($A4, B$1). */
export interface Ref {
  ref: string;
}
export type FormulaArg = string | number | boolean | Ref;

export interface TemplateFormula {
  fn: string;
  args: FormulaArg[];
}

export interface TemplateCell {
  /** A1 address on its sheet. */
  at: string;
  /** Text stays text in every host: text a spreadsheet would read as a number ("0166") carries the
   *  format "@", so that Sheets keeps it and a code typed there later stays text too. */
  value?: string | number;
  formula?: TemplateFormula;
  /** A formula of the spreadsheet's own functions and arithmetic, spelled alike in Excel and Sheets
   *  ("=TODAY()-90", "=B14/B6", "=SUM(C27:G27)"), in the grammar parseBuiltin reads: only
   *  BUILTIN_FUNCTIONS, never an MDQ function (an MDQ formula is a cell of its own). */
  builtin?: string;
  /** A number format (both hosts' syntax): "#,##0", "0.00", "0.0%", "#,##0,,," (billions), "yyyy-mm-dd", "@" (text). */
  format?: string;
  bold?: boolean;
}

/** A line chart of a spilled result: its dates (categories) and values, one column each, from
 *  the row under the result's header through the last row the result can reach. */
export interface TemplateChart {
  title: string;
  /** The series' name, as the legend and the data labels say it. */
  series: string;
  categories: string;
  values: string;
  /** The cells the chart covers (top-left to bottom-right). */
  at: string;
  /** The stem of the defined names the chart reads in Excel: {names}Dates and {names}Values. */
  names: string;
}

export interface TemplateSheet {
  name: string;
  cells: TemplateCell[];
  /** Column widths in characters, by column letter. */
  widths?: Readonly<Record<string, number>>;
  /** Number formats by A1 range. A spilled result's cells show the formats of the cells they land
   *  on (never its anchor's), so a spilled column is formatted where it lands, down to the last row
   *  the result can fill. */
  formats?: Readonly<Record<string, string>>;
  /** Written as a chart part in the Excel file; Sheets' notes say how to add it there. */
  chart?: TemplateChart;
}

export interface Template {
  id: string;
  title: string;
  /** The workbook's file name under templates/. */
  file: string;
  sheets: TemplateSheet[];
  /** The notes sheet's lines: what it shows, what to change, which edition serves it. */
  notes: string[];
}

export const ref = (a1: string): Ref => ({ ref: a1 });

/** An MDQ formula: the catalogue function's name and its arguments. */
export const mdqCall = (fn: string, ...args: FormulaArg[]): TemplateFormula => ({ fn, args });
