/** A cell as the import reads it: dates as YYYY-MM-DD, everything else as its text. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/**
 * A sheet's rows as the CSV text the import preview reads (the server checks every row the same
 * way whichever file it came from). Blank rows are dropped; cells are quoted when they must be.
 */
export function rowsToCsv(rows: readonly (readonly unknown[])[]): string {
  return rows
    .map((r) => r.map(cellText))
    .filter((r) => r.some((c) => c !== ''))
    .map((r) => r.map(quote).join(','))
    .join('\n');
}

/** An uploaded .xlsx (its first sheet) read in the browser, its reader loaded only then; a CSV as it is. */
export async function fileToCsv(file: File): Promise<string> {
  if (!/\.xlsx$/i.test(file.name)) return file.text();
  const { readSheet } = await import('read-excel-file/browser');
  return rowsToCsv(await readSheet(file));
}
