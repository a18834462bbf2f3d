import type { AppPlatform, AppUpdate } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';

/** Compares dotted versions numerically ('1.10.0' > '1.9.9'); null if either is not x.y.z. */
export function compareVersions(a: string, b: string): number | null {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return null;
  for (let i = 0; i < 3; i++) {
    const d = pa[i]! - pb[i]!;
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

function parseVersion(v: string): [number, number, number] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * The newest published version of the platform above the one the app runs, or null. Versions
 * are compared in code because text order gets '1.10.0' against '1.9.0' wrong; a platform has
 * a handful of rows, so reading them all is cheap.
 */
export async function checkAppUpdate(
  db: Db,
  query: { version: string; platform: AppPlatform },
): Promise<AppUpdate | null> {
  const rows = await db.select().from(appVersions).where(eq(appVersions.platform, query.platform));
  const newer = rows.filter((row) => (compareVersions(row.version, query.version) ?? 0) > 0);
  let best: (typeof rows)[number] | undefined;
  for (const row of newer) {
    if (!best || (compareVersions(row.version, best.version) ?? 0) > 0) best = row;
  }
  if (!best) return null;
  return {
    title: best.title,
    contents: best.contents,
    // Skipping a mandatory version by way of a later optional one must still be mandatory.
    is_mandatory: newer.some((row) => row.isMandatory),
    url: best.url,
    platform: best.platform,
    type: best.type,
    version: best.version,
  };
}
