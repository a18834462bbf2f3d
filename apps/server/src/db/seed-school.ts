import { ROLE_PERMISSIONS, saveSchoolCategoryRequest, saveSchoolItemRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { saveCategory, saveItem } from '../modules/school/school';
import type { OperatorCaller } from '../plugins/admin-auth';
import { rows, type Db } from './client';
import type { OperatorRow } from './schema';

/**
 * The demo's business school: a category of each section and a few text items, published by the
 * demo content operator through the console's own use cases (audited like any publication), so
 * the school and the material library do not open empty. Skipped when a category exists.
 */
export async function seedSchool(db: Db, content: OperatorRow) {
  const [exists] = await rows(db, sql`SELECT 1 FROM school_categories LIMIT 1`);
  if (exists) return;
  const op: OperatorCaller = {
    operatorId: content.id,
    username: content.username,
    name: content.name,
    role: 'content',
    permissions: ROLE_PERMISSIONS.content,
    sessionId: 'seed',
    expiresAt: new Date(Date.now() + 60_000),
    ip: '127.0.0.1',
  };
  const basics = await saveCategory(
    db,
    op,
    saveSchoolCategoryRequest.parse({
      section: 'school',
      name: '展业入门',
      nameEn: 'Getting started',
      sort: 1,
      shown: true,
    }),
  );
  const copy = await saveCategory(
    db,
    op,
    saveSchoolCategoryRequest.parse({
      section: 'material',
      name: '朋友圈文案',
      nameEn: 'Posts to share',
      sort: 1,
      shown: true,
    }),
  );
  const items = [
    {
      categoryId: basics.id,
      kind: 'article' as const,
      title: '新终端到手：从划拨到激活',
      summary: '终端划拨、商户绑定、激活达标的完整流程。',
      body: [
        '1. 在「终端」页把库存划拨给团队成员，批量操作前先核对SN号段。',
        '2. 商户绑定终端后，累计刷卡金额在政策的激活期限内达到激活门槛即为激活。',
        '3. 激活奖励按政策逐级分配，在「收益」中可查看每一笔的计算依据。',
      ].join('\n'),
    },
    {
      categoryId: basics.id,
      kind: 'article' as const,
      title: '提现前要准备什么',
      summary: '实名认证、结算卡和支付密码。',
      body: [
        '提现需要完成实名认证、绑定本人结算卡并设置支付密码。',
        '提现金额不低于10元，确认前会显示手续费、税费和实际到账金额。',
      ].join('\n'),
    },
    {
      categoryId: copy.id,
      kind: 'text' as const,
      title: '招募合伙人',
      summary: '',
      body: '正规一清机，费率透明，分润日结。欢迎加入我的团队，一起做支付服务！',
    },
  ];
  for (const item of items) {
    // Checked by the console call's own schema, as a publication through the console is.
    await saveItem(db, op, saveSchoolItemRequest.parse(item));
  }
}
