import { z } from 'zod';

/**
 * Long texts the app shows and the console publishes: the FAQ, the user agreement and the privacy
 * policy, each in Chinese and English. Until the platform publishes its own, the built-in text
 * is served.
 */
export const CONTENT_TEXT_KEYS = ['faq', 'agreement', 'privacy'] as const;
export type ContentTextKey = (typeof CONTENT_TEXT_KEYS)[number];
export const contentTextKeyOptions = [
  { value: 'faq', zh: '常见问题', en: 'FAQ' },
  { value: 'agreement', zh: '用户服务协议', en: 'User agreement' },
  { value: 'privacy', zh: '隐私政策', en: 'Privacy policy' },
] as const;

const line = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);

export const faqEntry = z.object({
  q: line('问题', 100),
  a: z.array(line('回答', 1000)).min(1, '请填写回答').max(10, '回答最多10段'),
});
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqBody = z.array(faqEntry).min(1, '至少保留一个问题').max(50, '问题最多50个');

export const agreementSection = z.object({
  heading: line('章节标题', 100),
  paragraphs: z.array(line('段落', 2000)).min(1, '请填写章节内容').max(30, '每章最多30段'),
});
export const agreementDoc = z.object({
  title: line('标题', 100),
  updated: line('更新与生效日期', 100),
  intro: line('导言', 2000),
  sections: z.array(agreementSection).min(1, '至少保留一章').max(40, '最多40章'),
});
export type AgreementDoc = z.infer<typeof agreementDoc>;

export const contentTextQuery = z.object({
  key: z.enum(CONTENT_TEXT_KEYS, { error: '文本类型不正确' }),
  lang: z.enum(['zh', 'en'], { error: '语言不正确' }).default('zh'),
});
export type ContentTextQuery = z.infer<typeof contentTextQuery>;

export const contentText = z.object({
  key: z.enum(CONTENT_TEXT_KEYS),
  lang: z.enum(['zh', 'en']),
  /** FaqEntry[] for the FAQ, an AgreementDoc for the agreement and the privacy policy. */
  body: z.unknown(),
  /** True while the built-in text is served (nothing published yet). */
  builtIn: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ContentText = z.infer<typeof contentText>;

export const saveContentTextRequest = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('faq'), lang: z.enum(['zh', 'en']), body: faqBody }),
    z.object({ key: z.literal('agreement'), lang: z.enum(['zh', 'en']), body: agreementDoc }),
    z.object({ key: z.literal('privacy'), lang: z.enum(['zh', 'en']), body: agreementDoc }),
  ],
  { error: '文本类型不正确' },
);
export type SaveContentTextRequest = z.infer<typeof saveContentTextRequest>;
