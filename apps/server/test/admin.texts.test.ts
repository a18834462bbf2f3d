import type { AuditRecord, ContentText, FaqEntry, Page } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * The FAQ, user agreement and privacy policy come from the console: the app reads them without
 * a token, built-in until the platform publishes its own.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;

let content: string;
let finance: string;
beforeAll(async () => {
  [content, finance] = await Promise.all([adminLogin(app, 'content'), adminLogin(app, 'finance')]);
});

const publicText = async (key: string, lang = 'zh') => {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/content/text?key=${key}&lang=${lang}`,
  });
  return res.json() as { code: number; msg: string; data: ContentText };
};

describe('content texts', () => {
  it('serves the built-in texts to anyone, in both languages', async () => {
    const faq = await publicText('faq');
    expect(faq).toMatchObject({ code: 200, data: { key: 'faq', lang: 'zh', builtIn: true } });
    expect((faq.data.body as FaqEntry[]).length).toBeGreaterThan(3);
    const privacy = await publicText('privacy', 'en');
    expect(privacy.data.body).toMatchObject({ title: expect.stringContaining('Privacy') });
    expect((await publicText('nonsense')).code).toBe(400);
  });

  it('publishes what content staff write, refuses a blank question on its field, and audits it', async () => {
    const before = (await publicText('faq')).data.body;
    const blank = await adminCall(app, content, 'POST', '/texts/save', {
      key: 'faq',
      lang: 'zh',
      body: [{ q: ' ', a: ['答'] }],
    });
    expect(blank.body).toMatchObject({ code: 400, field: 'body.0.q' });
    expect((await publicText('faq')).data.body).toEqual(before);

    const denied = await adminCall(app, finance, 'POST', '/texts/save', {
      key: 'faq',
      lang: 'zh',
      body: [{ q: '问', a: ['答'] }],
    });
    expect(denied.status).toBe(403);

    const body = [{ q: '激活标准是多少？', a: ['绑定后30天内累计刷卡满1万元。'] }];
    const saved = await adminCall(app, content, 'POST', '/texts/save', {
      key: 'faq',
      lang: 'zh',
      body,
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const now = await publicText('faq');
    expect(now.data).toMatchObject({ builtIn: false, body });
    expect(now.data.updatedAt).not.toBeNull();
    // The English FAQ is untouched: still built in.
    expect((await publicText('faq', 'en')).data.builtIn).toBe(true);

    const view = await adminCall<ContentText>(app, content, 'GET', '/texts?key=faq&lang=zh');
    expect(view.body.data.body).toEqual(body);
    const superAdmin = await adminLogin(app, 'super_admin');
    const audit = await adminCall<Page<AuditRecord>>(
      app,
      superAdmin,
      'GET',
      '/audit?action=text.publish',
    );
    expect(audit.body.data.rows[0]).toMatchObject({ targetId: 'faq:zh', after: body });
  });

  it('publishes an agreement only in its full shape', async () => {
    const partial = await adminCall(app, content, 'POST', '/texts/save', {
      key: 'agreement',
      lang: 'zh',
      body: { title: '协议', updated: '2026年11月', intro: '导言', sections: [] },
    });
    expect(partial.body).toMatchObject({ code: 400, field: 'body.sections' });
    const doc = {
      title: '拓客宝用户服务协议（2026版）',
      updated: '生效日期：2026年12月1日',
      intro: '请仔细阅读。',
      sections: [{ heading: '一、服务', paragraphs: ['第一段', '第二段'] }],
    };
    const ok = await adminCall(app, content, 'POST', '/texts/save', {
      key: 'agreement',
      lang: 'zh',
      body: doc,
    });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await publicText('agreement')).data).toMatchObject({ builtIn: false, body: doc });
  });
});
