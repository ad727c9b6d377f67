/** Exports stop here: a workbook far past this is no use to anyone and would hold the process. */
export const EXPORT_MAX_ROWS = 100_000;
