import {
  appConfig,
  type AdminAppConfig,
  type AdminAppVersion,
  type DecideHotUpdateRequest,
  type PublishBundleRequest,
  type PublishedBundle,
  type PublishPackageRequest,
  type SaveAppConfigRequest,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appBundles, appConfigs, appVersions, operators } from '../../db/schema';
import { orNull } from '../../db/typed';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { DEFAULT_APP_CONFIG_DOMAIN } from '../system/get-app-config';
import {
  assertVersionFree,
  checkBundleSignature,
  proposeBundle,
  withdrawVersion,
} from '../system/publish-bundle';
import { assertIndependent } from '../../db/independence';
import { audit } from '../../db/audit';

const v = alias(appVersions, 'v');
const p = alias(operators, 'p');
const d = alias(operators, 'd');

/** Every version, newest first: hot updates (pending ones included), Android packages, iOS links. */
export function appVersionList(q: { platform?: string }): KeysetSpec<AdminAppVersion> {
  return typedKeyset({
    shape: {
      id: v.id,
      platform: v.platform,
      version: v.version,
      type: v.type,
      title: v.title,
      contents: v.contents,
      mandatory: v.isMandatory,
      url: v.url,
      sha256: v.sha256,
      sizeBytes: v.sizeBytes,
      minVersion: v.minVersion,
      createdAt: v.createdAt,
      status: v.status,
      proposedById: v.proposedBy,
      proposedByName: orNull(p.name),
      decidedByName: orNull(d.name),
      decidedAt: v.decidedAt,
    },
    from: sql`FROM app_versions v LEFT JOIN operators p ON p.id = v.proposed_by
      LEFT JOIN operators d ON d.id = v.decided_by`,
    where: [q.platform !== undefined && sql`v.platform = ${q.platform}`],
    sorts: { id: { expr: sql`v.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`v.id`,
    map: (r) => ({
      ...r,
      platform: r.platform as AdminAppVersion['platform'],
      createdAt: r.createdAt.toISOString(),
      status: r.status as AdminAppVersion['status'],
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }),
  });
}

/**
 * A hot update uploaded from the console with the release machine's signature: verified against
 * the platform's public key and stored as a proposal, audited. It goes live only when another
 * operator approves it (decideHotUpdate).
 */
export async function proposeHotUpdate(
  db: Db,
  op: OperatorCaller,
  input: PublishBundleRequest & { bytes: Uint8Array },
  publicKey: string,
): Promise<PublishedBundle> {
  // One transaction for the version, its bundle and the audit record (the inner one is a savepoint).
  return db.transaction(async (tx) => {
    const proposed = await proposeBundle(
      tx as unknown as Db,
      { ...input, proposedBy: op.operatorId },
      publicKey,
    );
    await audit(tx, op, {
      action: 'app_version.propose_bundle',
      targetType: 'app_version',
      targetId: proposed.id,
      after: {
        platform: proposed.platform,
        version: proposed.version,
        sha256: proposed.sha256,
        signature: proposed.signature,
        size: proposed.size,
        mandatory: input.mandatory,
        minVersion: input.minVersion ?? null,
        status: proposed.status,
      },
    });
    return proposed;
  });
}

/**
 * A second operator holding hot_update:publish approves a pending hot update, and it is offered
 * to the apps from then on, or rejects it, and its bundle is deleted. Whoever uploaded it never
 * decides on it. Approving checks the signature again against the key configured now.
 */
export async function decideHotUpdate(
  db: Db,
  op: OperatorCaller,
  input: DecideHotUpdateRequest,
  publicKey: string,
): Promise<{ id: number; status: 'published' | 'rejected' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(appVersions)
      .where(eq(appVersions.id, input.id))
      .for('update');
    if (!row) throw notFound('版本不存在');
    if (row.status !== 'pending') throw conflict('该热更新已处理', 'id');
    if (row.proposedBy === op.operatorId)
      throw badRequest('热更新须由上传者以外的另一位操作员批准或驳回', 'id', 'SAME_OPERATOR');
    if (input.approve && row.proposedBy !== null) {
      await assertIndependent(tx, row.proposedBy, op.operatorId, {
        msg: '热更新须由与上传者无关的另一位操作员批准（不能是其创建人或为其签发临时密码的人）',
        field: 'id',
        code: 'APPROVER_RELATED',
      });
    }
    const before = { status: row.status, version: row.version, platform: row.platform };
    if (input.approve && row.type === 'wgt') {
      await checkBundleSignature(row.version, row.sha256!, row.signature!, publicKey);
    }
    const status = input.approve ? ('published' as const) : ('rejected' as const);
    await tx
      .update(appVersions)
      .set({ status, decidedBy: op.operatorId, decidedAt: new Date() })
      .where(eq(appVersions.id, row.id));
    if (!input.approve) await tx.delete(appBundles).where(eq(appBundles.versionId, row.id));
    await audit(tx, op, {
      action:
        row.type === 'wgt'
          ? input.approve
            ? 'app_version.approve_bundle'
            : 'app_version.reject_bundle'
          : input.approve
            ? 'app_version.approve_package'
            : 'app_version.reject_package',
      targetType: 'app_version',
      targetId: row.id,
      before: { ...before, proposedBy: row.proposedBy },
      after: {
        status,
        sha256: row.sha256,
        mandatory: row.isMandatory,
        reason: input.approve ? null : (input.reason ?? null),
      },
    });
    return { id: row.id, status };
  });
}

/**
 * A full package, by its download address. Like a hot update it reaches the apps (a mandatory one
 * as a popup every agent must follow) only once another operator holding hot_update:publish has
 * approved it; an Android package names its SHA-256, which the app checks before installing.
 */
export async function publishPackage(db: Db, op: OperatorCaller, input: PublishPackageRequest) {
  if (input.platform === 'android' && !input.sha256) {
    throw badRequest('安卓安装包须填写 SHA-256，应用安装前会核对', 'sha256');
  }
  return db.transaction(async (tx) => {
    await assertVersionFree(tx, input.platform, input.version);
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
        status: 'pending',
        proposedBy: op.operatorId,
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
  const [before] = await db
    .select({
      platform: appVersions.platform,
      version: appVersions.version,
      type: appVersions.type,
      url: appVersions.url,
    })
    .from(appVersions)
    .where(eq(appVersions.id, id));
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
  const c = row.config as { [K in keyof AdminAppConfig]?: unknown };
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
