import {
  compareVersions,
  sha256Hex,
  verifyManifest,
  type AppPlatform,
  type PublishBundleRequest,
  type PublishedBundle,
} from '@pos/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appBundles, appVersions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';

export const BUNDLE_MAX_BYTES = 8 * 1024 * 1024;

/** An Ed25519 signature is 64 bytes: 88 characters of base64. */
const SIGNATURE_FORMAT = /^[A-Za-z0-9+/]{86}==$/;

/**
 * Checks the release machine's signature of version and checksum with the platform's public key,
 * exactly as the app will before it applies the bundle. The server holds no private key: it can
 * refuse a bundle, never sign one.
 */
export async function checkBundleSignature(
  version: string,
  sha256: string,
  signature: string,
  publicKey: string,
): Promise<void> {
  if (!SIGNATURE_FORMAT.test(signature))
    throw badRequest('签名格式不正确，请上传发布机生成的签名文件（.sig）', 'signature');
  if (!(await verifyManifest({ version, sha256, signature }, publicKey)))
    throw badRequest(
      '签名校验失败：更新包或版本号与签名不符，或不是用平台私钥签名的；请上传发布机 app:publish 生成的更新包和签名',
      'signature',
    );
}

/**
 * Stores an uploaded hot update as a proposal: checks the zip, computes its SHA-256 and verifies
 * the signature the release machine made; the version row (status 'pending') and the bundle go
 * in one transaction. Nothing is offered to the apps until a second operator approves it. A
 * pending version keeps its number taken; a rejected one frees it.
 */
export async function proposeBundle(
  db: Db,
  input: PublishBundleRequest & { bytes: Uint8Array; proposedBy: number },
  publicKey: string,
): Promise<PublishedBundle> {
  if (input.bytes.length === 0) throw badRequest('请上传更新包', 'bundle');
  if (input.bytes.length > BUNDLE_MAX_BYTES) throw badRequest('更新包不能超过8MB', 'bundle');
  // A zip starts with a local file header; anything else would fail on the device.
  if (input.bytes[0] !== 0x50 || input.bytes[1] !== 0x4b)
    throw badRequest('更新包须为zip文件', 'bundle');
  if (input.minVersion && (compareVersions(input.minVersion, input.version) ?? 1) > 0)
    throw badRequest('最低适用版本不能高于本版本', 'minVersion');
  const sha256 = await sha256Hex(input.bytes);
  await checkBundleSignature(input.version, sha256, input.signature, publicKey);

  return db.transaction(async (tx) => {
    await assertVersionFree(tx, input.platform, input.version);
    const [row] = await tx
      .insert(appVersions)
      .values({
        version: input.version,
        title: input.title,
        contents: input.contents,
        isMandatory: input.mandatory,
        url: '',
        platform: input.platform,
        type: 'wgt',
        sha256,
        signature: input.signature,
        sizeBytes: input.bytes.length,
        minVersion: input.minVersion ?? null,
        status: 'pending',
        proposedBy: input.proposedBy,
      })
      .returning({ id: appVersions.id });
    const id = row!.id;
    const url = `/prod-api/app/api/bundle/${id}`;
    await tx.update(appVersions).set({ url }).where(eq(appVersions.id, id));
    await tx.insert(appBundles).values({ versionId: id, bytes: Buffer.from(input.bytes) });
    return {
      id,
      version: input.version,
      platform: input.platform as AppPlatform,
      url,
      sha256,
      signature: input.signature,
      size: input.bytes.length,
      status: 'pending' as const,
    };
  });
}

/** The bundle of a version, for the apps: only once it is published. */
export async function readBundle(db: Db, id: number): Promise<Buffer> {
  const [row] = await db
    .select({ bytes: appBundles.bytes })
    .from(appBundles)
    .innerJoin(appVersions, eq(appVersions.id, appBundles.versionId))
    .where(and(eq(appBundles.versionId, id), eq(appVersions.status, 'published')));
  if (!row) throw notFound('更新包不存在');
  return row.bytes;
}

/** The bundle of a version whatever its status: what an approving operator may inspect. */
export async function readBundleForReview(db: Db, id: number): Promise<Buffer> {
  const [row] = await db.select().from(appBundles).where(eq(appBundles.versionId, id));
  if (!row) throw notFound('更新包不存在');
  return row.bytes;
}

/** Withdraws a version: the update check stops offering it and its bundle is gone. */
export async function withdrawVersion(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(appBundles).where(eq(appBundles.versionId, id));
    const gone = await tx
      .delete(appVersions)
      .where(eq(appVersions.id, id))
      .returning({ id: appVersions.id });
    if (gone.length === 0) throw notFound('版本不存在');
  });
}

/** A platform's version is published or waiting once; a rejected one may be submitted again. */
export async function assertVersionFree(tx: DbOrTx, platform: string, version: string) {
  const [same] = await tx
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(
      and(
        eq(appVersions.platform, platform as 'android'),
        eq(appVersions.version, version),
        ne(appVersions.status, 'rejected'),
      ),
    );
  if (same) throw conflict('该平台已有此版本（已发布或待批准）', 'version');
}
