import { appConfig, type AppConfig } from '@pos/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appConfigs } from '../../db/schema';
import { notFound } from '../../lib/app-error';

export const DEFAULT_APP_CONFIG_DOMAIN = 'default';

/**
 * The app config of the domain the app was opened on, or the 'default' row. The domain is
 * compared without case, scheme or port, as a browser may report any of them.
 */
export async function getAppConfig(db: Db, domain: string): Promise<AppConfig> {
  const host = normaliseDomain(domain);
  const found = await db
    .select()
    .from(appConfigs)
    .where(
      inArray(
        appConfigs.domain,
        host ? [host, DEFAULT_APP_CONFIG_DOMAIN] : [DEFAULT_APP_CONFIG_DOMAIN],
      ),
    );
  const row =
    found.find((r) => r.domain === host) ??
    found.find((r) => r.domain === DEFAULT_APP_CONFIG_DOMAIN);
  if (!row) throw notFound('应用配置不存在');
  // A stored config that does not fit the contract fails here, loudly, not in the app.
  return appConfig.parse({ ...(row.config as object), domain: row.domain });
}

export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
}
