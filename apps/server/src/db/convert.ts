/**
 * Conversions of values read by hand-written SQL that has not moved onto typed shapes yet
 * (decision 040): the drivers differ (node-postgres reads int8 as text, PGlite as a number;
 * timestamptz arrives as text or a Date; jsonb parsed or as text). A typed read decodes through
 * its shape instead. One definition each; the names say what a missing value becomes.
 */

/** A number; NULL (or a missing value) reads as 0. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** A number, or null for NULL. */
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);

/** An ISO-8601 time, or null for NULL or a value that is not a time. */
export const isoOrNull = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/**
 * An ISO-8601 time for a NOT NULL column; the epoch (1970-01-01T00:00:00.000Z) stands in should
 * one ever be missing, so an answer keeps its shape.
 */
export const isoOrEpoch = (v: unknown): string => isoOrNull(v) ?? new Date(0).toISOString();

/** jsonb: parsed by both drivers, but text through some paths; read both. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
