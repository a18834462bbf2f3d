/** The current month in Asia/Shanghai, 'YYYY-MM', the way the server cuts months. */
export function shanghaiMonth(now = Date.now()): string {
  const d = new Date(now + 8 * 3600 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
