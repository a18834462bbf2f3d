import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import {
  compareVersions,
  hotUpdateMessage,
  sha256Hex,
  type AppPlatform,
  type PublishBundleRequest,
  type PublishedBundle,
} from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appBundles, appVersions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';

/** The raw public key (base64) of a PEM private key: what the app must be built with. */
export function publicKeyOf(privatePem: string): string {
  const der = createPublicKey(createPrivateKey(privatePem)).export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32).toString('base64');
}

export const BUNDLE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Publishes a hot update: computes the bundle's SHA-256, signs version and checksum with the
 * platform's Ed25519 key, and stores the version row and the bundle in one transaction. The
 * bundle is served at /prod-api/app/api/bundle/<id>, the address the update check gives the app.
 */
export async function publishBundle(
  db: Db,
  input: PublishBundleRequest & { bytes: Uint8Array },
  signingKeyPem: string,
): Promise<PublishedBundle> {
  if (input.bytes.length === 0) throw badRequest('请上传更新包', 'bundle');
  if (input.bytes.length > BUNDLE_MAX_BYTES) throw badRequest('更新包不能超过8MB', 'bundle');
  // A zip starts with a local file header; anything else would fail on the device.
  if (input.bytes[0] !== 0x50 || input.bytes[1] !== 0x4b)
    throw badRequest('更新包须为zip文件', 'bundle');
  if (input.minVersion && (compareVersions(input.minVersion, input.version) ?? 1) > 0)
    throw badRequest('最低适用版本不能高于本版本', 'minVersion');
  const [same] = await db
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(and(eq(appVersions.platform, input.platform), eq(appVersions.version, input.version)));
  if (same) throw conflict('该平台已发布此版本', 'version');

  const sha256 = await sha256Hex(input.bytes);
  const signature = sign(
    null,
    hotUpdateMessage(input.version, sha256),
    createPrivateKey(signingKeyPem),
  ).toString('base64');
  return db.transaction(async (tx) => {
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
        signature,
        sizeBytes: input.bytes.length,
        minVersion: input.minVersion ?? null,
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
      signature,
      size: input.bytes.length,
    };
  });
}

export async function readBundle(db: Db, id: number): Promise<Buffer> {
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
