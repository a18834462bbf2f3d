import {
  appConfig,
  type AdminAppConfig,
  type AdminAppVersion,
  type PublishBundleRequest,
  type PublishedBundle,
  type PublishPackageRequest,
  type SaveAppConfigRequest,
} from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { appConfigs, appVersions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { DEFAULT_APP_CONFIG_DOMAIN } from '../system/get-app-config';
import { publishBundle, withdrawVersion } from '../system/publish-bundle';
import { audit } from './audit';

const iso = (v: unknown) => new Date(v as string).toISOString();

/** Every published version, newest first: hot updates, Android packages, iOS links. */
export function appVersionList(q: { platform?: string }): KeysetSpec<AdminAppVersion> {
  return {
    select: sql`id, platform, version, type, title, contents, is_mandatory, url, sha256, size_bytes,
      min_version, created_at`,
    from: sql`FROM app_versions`,
    where: [q.platform !== undefined && sql`platform = ${q.platform}`],
    sorts: { id: { expr: sql`id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`id`,
    map: (r) => ({
      id: Number(r.id),
      platform: String(r.platform) as AdminAppVersion['platform'],
      version: String(r.version),
      type: String(r.type),
      title: String(r.title),
      contents: String(r.contents),
      mandatory: Boolean(r.is_mandatory),
      url: String(r.url),
      sha256: r.sha256 == null ? null : String(r.sha256),
      sizeBytes: r.size_bytes == null ? null : Number(r.size_bytes),
      minVersion: r.min_version == null ? null : String(r.min_version),
      createdAt: iso(r.created_at),
    }),
  };
}

/** A hot update uploaded from the console: checksummed and signed by the server, audited. */
export async function publishHotUpdate(
  db: Db,
  op: OperatorCaller,
  input: PublishBundleRequest & { bytes: Uint8Array },
  signingKeyPem: string,
): Promise<PublishedBundle> {
  // One transaction for the version, its bundle and the audit record (the inner one is a savepoint).
  return db.transaction(async (tx) => {
    const published = await publishBundle(tx as unknown as Db, input, signingKeyPem);
    await audit(tx, op, {
      action: 'app_version.publish_bundle',
      targetType: 'app_version',
      targetId: published.id,
      after: {
        platform: published.platform,
        version: published.version,
        sha256: published.sha256,
        size: published.size,
        mandatory: input.mandatory,
      },
    });
    return published;
  });
}

/** A full package published as its download address. */
export async function publishPackage(db: Db, op: OperatorCaller, input: PublishPackageRequest) {
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(and(eq(appVersions.platform, input.platform), eq(appVersions.version, input.version)));
    if (same) throw conflict('该平台已发布此版本', 'version');
    const [row] = await tx
      .insert(appVersions)
      .values({
        platform: input.platform,
        version: input.version,
        title: input.title,
        contents: input.contents,
        isMandatory: input.mandatory,
        url: input.url,
        type: input.platform === 'android' ? 'apk' : 'ipa',
        sha256: input.sha256?.toLowerCase() ?? null,
      })
      .returning({ id: appVersions.id });
    await audit(tx, op, {
      action: 'app_version.publish_package',
      targetType: 'app_version',
      targetId: row!.id,
      after: input,
    });
    return { id: row!.id };
  });
}

/** Takes a version out of the update check (and its bundle, for a hot update). */
export async function withdrawAppVersion(db: Db, op: OperatorCaller, id: number) {
  const [before] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT platform, version, type, url FROM app_versions WHERE id = ${id}`,
  );
  if (!before) throw notFound('版本不存在');
  await db.transaction(async (tx) => {
    await withdrawVersion(tx as unknown as Db, id);
    await audit(tx, op, {
      action: 'app_version.withdraw',
      targetType: 'app_version',
      targetId: id,
      before,
    });
  });
}

export async function readAppConfig(db: Db): Promise<AdminAppConfig> {
  const [row] = await db
    .select()
    .from(appConfigs)
    .where(eq(appConfigs.domain, DEFAULT_APP_CONFIG_DOMAIN));
  if (!row) throw notFound('应用配置不存在');
  const c = row.config as Record<string, unknown>;
  return {
    appName: String(c.appName ?? ''),
    servicePhone: String(c.servicePhone ?? ''),
    androidUrl: String(c.androidUrl ?? ''),
    iosUrl: String(c.iosUrl ?? ''),
    sharePoster: (c.sharePoster as AdminAppConfig['sharePoster']) ?? {
      isShow: false,
      imageUrl: '',
    },
  };
}

/** The default domain's app config: what every app shows unless its domain has its own. */
export async function saveAppConfig(db: Db, op: OperatorCaller, input: SaveAppConfigRequest) {
  if (input.sharePoster.isShow && !input.sharePoster.imageUrl)
    throw badRequest('显示海报时请上传海报图片', 'sharePoster.imageUrl');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(appConfigs)
      .where(eq(appConfigs.domain, DEFAULT_APP_CONFIG_DOMAIN))
      .for('update');
    if (!row) throw notFound('应用配置不存在');
    const next = { ...(row.config as object), ...input };
    // The stored config must still satisfy what the app reads.
    appConfig.parse({ ...next, domain: DEFAULT_APP_CONFIG_DOMAIN });
    await tx
      .update(appConfigs)
      .set({ config: next })
      .where(eq(appConfigs.domain, DEFAULT_APP_CONFIG_DOMAIN));
    await audit(tx, op, {
      action: 'app_config.update',
      targetType: 'app_config',
      targetId: DEFAULT_APP_CONFIG_DOMAIN,
      before: row.config,
      after: next,
    });
  });
}
