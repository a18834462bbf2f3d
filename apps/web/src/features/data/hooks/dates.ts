/**
 * Days and months as the server cuts them (Asia/Shanghai, UTC+8), whatever the device's zone.
 * Days are 'YYYY-MM-DD', months 'YYYY-MM'.
 */
const SHANGHAI_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;

export const shanghaiToday = (now = Date.now()) =>
  new Date(now + SHANGHAI_MS).toISOString().slice(0, 10);
export const shanghaiMonth = (now = Date.now()) => shanghaiToday(now).slice(0, 7);

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

export const monthLastDay = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);

export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Day of the week of a day, 0 = Sunday. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day or null. */
export function readDay(text: string | null): string | null {
  if (!text || !DAY.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const readMonth = (text: string | null) => (text && MONTH.test(text) ? text : null);

/** A positive whole number from a query parameter, or undefined. */
export function readId(text: string | null): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

/** A Date on the device that shows the Shanghai day `day` in pickers (local midnight). */
export const dayToLocalDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
export const localDateToDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
