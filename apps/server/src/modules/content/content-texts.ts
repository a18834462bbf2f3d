import type { ContentText, ContentTextKey, SaveContentTextRequest } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentTexts } from '../../db/schema';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { BUILTIN_AGREEMENTS } from './builtin-agreements';
import { BUILTIN_FAQ } from './builtin-faq';

type Lang = 'zh' | 'en';

const builtIn = (key: ContentTextKey, lang: Lang): unknown =>
  key === 'faq' ? BUILTIN_FAQ[lang] : BUILTIN_AGREEMENTS[lang][key];

/** The published text for a key and language, or the built-in one when nothing is published. */
export async function getContentText(
  db: Db,
  key: ContentTextKey,
  lang: Lang,
): Promise<ContentText> {
  const [row] = await db
    .select()
    .from(contentTexts)
    .where(and(eq(contentTexts.key, key), eq(contentTexts.lang, lang)));
  if (!row) return { key, lang, body: builtIn(key, lang), builtIn: true, updatedAt: null };
  return { key, lang, body: row.body, builtIn: false, updatedAt: row.updatedAt.toISOString() };
}

/** Publishes a text (validated by its key's shape before it gets here), audited with the old one. */
export async function saveContentText(
  db: Db,
  op: OperatorCaller,
  input: SaveContentTextRequest,
  now: Date = new Date(),
): Promise<ContentText> {
  return db.transaction(async (tx) => {
    const before = await getContentText(tx as unknown as Db, input.key, input.lang);
    await tx
      .insert(contentTexts)
      .values({
        key: input.key,
        lang: input.lang,
        body: input.body,
        updatedAt: now,
        updatedBy: op.operatorId,
      })
      .onConflictDoUpdate({
        target: [contentTexts.key, contentTexts.lang],
        set: { body: input.body, updatedAt: now, updatedBy: op.operatorId },
      });
    await audit(tx, op, {
      action: 'text.publish',
      targetType: 'content_text',
      targetId: `${input.key}:${input.lang}`,
      before: before.builtIn ? { builtIn: true } : before.body,
      after: input.body,
    });
    return { ...input, builtIn: false, updatedAt: now.toISOString() };
  });
}
