/** Asia/Shanghai periods of the jobs: months 'YYYY-MM' and days 'YYYY-MM-DD'. */
const SHANGHAI_MS = 8 * 3600 * 1000;

export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
}

export function shanghaiMonth(at: Date): string {
  return shanghaiDay(at).slice(0, 7);
}

/** The month before the one `at` falls in. */
export function previousMonth(at: Date): string {
  const d = new Date(at.getTime() + SHANGHAI_MS);
  const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return prev.toISOString().slice(0, 7);
}

/** The first instant of a Shanghai month, and of the next one. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(y, m - 1, 1) - SHANGHAI_MS),
    end: new Date(Date.UTC(y, m, 1) - SHANGHAI_MS),
  };
}
