/** The current month in Asia/Shanghai, 'YYYY-MM', the way the server cuts months. */
export function shanghaiMonth(now = Date.now()): string {
  const d = new Date(now + 8 * 3600 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Today in Asia/Shanghai, 'YYYY-MM-DD', whatever the device's zone. */
export function shanghaiToday(now = Date.now()): string {
  return new Date(now + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * A device-local Date at midnight of the Shanghai day `day`, for the kit's date pickers, which
 * show and return local dates: the picker then offers the Shanghai calendar day, not the device's.
 */
export function shanghaiDayAsLocalDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The calendar day a kit date picker returned ('YYYY-MM-DD'), read as the Shanghai day it shows. */
export function localDateAsShanghaiDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
