/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABELS_EN } from './labels';
import {
  adjustmentProposedText,
  bannerSavedText,
  bannerTitleHint,
  fileKindText,
  licenceDecisionWords,
  noticeSavedText,
  pageInfoText,
  totalText,
} from './review-words';

const licence = {
  name: '鑫便利店7号',
  merchantNo: 'M00000900007',
  licenceNo: '91310000000000007X',
  licenceName: '鑫便利店7号',
  agentName: '张总',
};

describe('licence review words', () => {
  it('the approval names the merchant, its number and the licence number, and says what was done', () => {
    const zh = licenceDecisionWords(licence, true, 'zh');
    expect(zh.title).toBe('通过 鑫便利店7号（M00000900007） 的营业执照？');
    expect(zh.lines).toContain('执照号：91310000000000007X');
    expect(zh.lines).toContain('代理商：张总');
    expect(zh.done).toBe('已通过 鑫便利店7号（M00000900007） 的营业执照');
    const en = licenceDecisionWords(licence, true, 'en');
    expect(en.title).toBe('Approve the business licence of 鑫便利店7号 (M00000900007)?');
    expect(en.lines).toContain('Licence no.: 91310000000000007X');
    expect(en.okText).toBe('Approve');
    expect(en.done).toBe('Business licence of 鑫便利店7号 (M00000900007) approved');
  });

  it('the rejection says the agent sees the reason; a missing licence number is said in words', () => {
    const zh = licenceDecisionWords({ ...licence, licenceNo: null }, false, 'zh');
    expect(zh.title).toBe('驳回 鑫便利店7号（M00000900007） 的营业执照？');
    expect(zh.lines).toContain('执照号：未填写');
    expect(zh.lines.at(-1)).toContain('代理商看到驳回理由');
    expect(zh.okText).toBe('驳回');
    const en = licenceDecisionWords({ ...licence, licenceNo: null }, false, 'en');
    expect(en.lines).toContain('Licence no.: not given');
    expect(en.done).toBe('Business licence of 鑫便利店7号 (M00000900007) rejected');
  });

  it('names image kinds in words', () => {
    expect(fileKindText('licence', 'zh')).toBe('营业执照');
    expect(fileKindText('licence', 'en')).toBe('Business licence');
    expect(fileKindText('shop', 'en')).toBe('Shop front');
  });

  it('the licence page writes no Chinese action or title outside the words it is given', () => {
    const page = readFileSync(
      path.resolve(__dirname, '../features/licences/pages/licences-page.tsx'),
      'utf8',
    );
    // JSX text written in Chinese would stay Chinese in English.
    expect(page.match(/>\s*[\u4e00-\u9fff][^<{]*</g) ?? []).toEqual([]);
    for (const m of page.matchAll(/\bL\(\s*'([^']+)'\s*\)/g))
      expect(LABELS_EN).toHaveProperty(m[1]!);
  });
});

describe('success toasts name what was created', () => {
  it('banner and notice', () => {
    expect(bannerSavedText('新机上市', true, 'zh')).toBe('已新建轮播图「新机上市」');
    expect(bannerSavedText('新机上市', false, 'zh')).toBe('已保存轮播图「新机上市」');
    expect(bannerSavedText('New model', true, 'en')).toBe('Banner “New model” created');
    expect(noticeSavedText('维护通知', true, 'zh')).toBe('已发布公告「维护通知」');
    expect(noticeSavedText('Maintenance', false, 'en')).toBe('Notice “Maintenance” saved');
  });

  it('adjustment: its number, whom, which wallet, how much and that a second operator reviews it', () => {
    const a = { id: 12, agentName: '王小二', walletText: '资金池', amountFen: 8880 };
    expect(adjustmentProposedText(a, 'zh')).toBe(
      '已提交调账申请 #12：王小二 · 资金池 +88.80 元，待另一位操作员复核',
    );
    expect(
      adjustmentProposedText({ ...a, walletText: 'Capital pool', amountFen: -500 }, 'en'),
    ).toBe(
      "Adjustment #12 proposed: 王小二 · Capital pool -5.00 yuan, awaiting a second operator's review",
    );
  });
});

describe('banner title hint', () => {
  it('says the app draws the title over the image, in both languages', () => {
    expect(bannerTitleHint('zh')).toContain('标题用白字显示在图片');
    expect(bannerTitleHint('en')).toContain('draws the title over the image');
  });
});

describe('pagination line', () => {
  it('shows the total only where the server gave one', () => {
    expect(pageInfoText({ page: 1, shown: 20, total: 57, last: false }, 'zh')).toBe(
      '第 1 页 · 本页 20 条 · 共 57 条',
    );
    expect(pageInfoText({ page: 3, shown: 17, total: 57, last: true }, 'en')).toBe(
      'Page 3 · 17 rows · 57 in all · last page',
    );
    expect(pageInfoText({ page: 2, shown: 20, last: false }, 'zh')).toBe('第 2 页 · 本页 20 条');
    expect(pageInfoText({ page: 1, shown: 1, last: true }, 'en')).toBe(
      'Page 1 · 1 row · last page',
    );
    expect(totalText(4, 'zh')).toBe('共 4 条');
    expect(totalText(4, 'en')).toBe('4 in all');
  });
});
