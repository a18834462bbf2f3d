import { compareVersions, type AppPlatform, type AppUpdate } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';

export { compareVersions };

/**
 * The newest published version of the platform above the one the app runs, or null. Versions
 * are compared in code because text order gets '1.10.0' against '1.9.0' wrong; a platform has
 * a handful of rows, so reading them all is cheap.
 */
export async function checkAppUpdate(
  db: Db,
  query: { version: string; platform: AppPlatform },
): Promise<AppUpdate | null> {
  // A hot update still waiting for a second operator's approval (or rejected) is never offered.
  const rows = await db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.platform, query.platform), eq(appVersions.status, 'published')));
  // A hot bundle is offered only to apps at or above its lowest version.
  const newer = rows.filter(
    (row) =>
      (compareVersions(row.version, query.version) ?? 0) > 0 &&
      (!row.minVersion || (compareVersions(query.version, row.minVersion) ?? -1) >= 0),
  );
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
    sha256: best.sha256,
    signature: best.signature,
    size: best.sizeBytes,
  };
}
