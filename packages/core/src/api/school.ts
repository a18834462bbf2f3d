import { z } from 'zod';
import type { EnumOption, Lang } from '../enums';
import { safeLink, siteImage } from '../safe-url';
import { listQueryBase, pageOf } from './admin';

/**
 * Contract of the business school (商学院, issue 32): categories of articles, images and videos
 * the console publishes, and the material library (素材库) of posters and texts for agents to
 * download and share. Agents keep favourites. Every stored address passes the safe-url checks:
 * images are the console's uploads, a video is an https link.
 */
export const SCHOOL_SECTIONS = ['school', 'material'] as const;
export type SchoolSection = (typeof SCHOOL_SECTIONS)[number];
export const SCHOOL_KINDS = ['article', 'image', 'video', 'poster', 'text'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];
/** Which kinds each section holds. */
export const SCHOOL_SECTION_KINDS: Record<SchoolSection, readonly SchoolKind[]> = {
  school: ['article', 'image', 'video'],
  material: ['poster', 'text'],
};
export const schoolKindOptions: readonly EnumOption<SchoolKind>[] = [
  { value: 'article', zh: '文章', en: 'Article' },
  { value: 'image', zh: '图集', en: 'Images' },
  { value: 'video', zh: '视频', en: 'Video' },
  { value: 'poster', zh: '海报', en: 'Poster' },
  { value: 'text', zh: '文案', en: 'Copy' },
];
export const schoolKindLabel = (kind: string, lang: Lang) => {
  const o = schoolKindOptions.find((k) => k.value === kind);
  if (!o) return kind;
  return lang === 'en' ? o.en : o.zh;
};
export const schoolSectionLabel = (section: string, lang: Lang) =>
  section === 'material'
    ? lang === 'en'
      ? 'Material library'
      : '素材库'
    : lang === 'en'
      ? 'Business school'
      : '商学院';
/** Most images one item carries. */
export const SCHOOL_IMAGES_MAX = 9;

const sectionSchema = z.enum(SCHOOL_SECTIONS, { error: '栏目不正确' });
const itemId = z.coerce.number({ error: '内容编号不正确' }).int().positive('内容编号不正确');

// --- the agent's side: /api/ag/school/* -------------------------------------------------------

export const schoolCategoriesQuery = z.object({ section: sectionSchema.default('school') });
export const schoolCategory = z.object({ id: z.number(), name: z.string(), nameEn: z.string() });
export type SchoolCategory = z.infer<typeof schoolCategory>;

const pageSize = z.coerce
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(50, '每页条数不能超过50')
  .default(20);
const cursor = z.string().max(512, '分页游标不正确').optional();

export const schoolItemsQuery = z.object({
  section: sectionSchema.default('school'),
  categoryId: z.coerce.number({ error: '分类不正确' }).int().positive().optional(),
  pageSize,
  cursor,
});
export type SchoolItemsParams = z.input<typeof schoolItemsQuery>;
export const schoolFavouritesQuery = z.object({ pageSize, cursor });

export const schoolItem = z.object({
  id: z.number(),
  section: z.enum(SCHOOL_SECTIONS),
  kind: z.enum(SCHOOL_KINDS),
  categoryId: z.number(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  /** The images (posters and image sets show them in the list too). */
  images: z.array(z.string()),
  publishedAt: z.string(),
  favourite: z.boolean(),
});
export type SchoolItem = z.infer<typeof schoolItem>;
export const schoolItemPage = pageOf(schoolItem);
export type SchoolItemPage = z.infer<typeof schoolItemPage>;

export const schoolItemQuery = z.object({ id: itemId });
export const schoolItemDetail = schoolItem.extend({
  body: z.string(),
  videoUrl: z.string(),
});
export type SchoolItemDetail = z.infer<typeof schoolItemDetail>;

export const schoolFavouriteRequest = z.object({
  id: itemId,
  favourite: z.boolean({ error: '收藏状态不正确' }),
});
export type SchoolFavouriteRequest = z.infer<typeof schoolFavouriteRequest>;
export const schoolDownloadRequest = z.object({ id: itemId });

// --- the console's side: /admin/school/* -------------------------------------------------------

export const adminSchoolCategory = schoolCategory.extend({
  section: z.enum(SCHOOL_SECTIONS),
  sort: z.number(),
  shown: z.boolean(),
  items: z.number(),
});
export type AdminSchoolCategory = z.infer<typeof adminSchoolCategory>;
export const adminSchoolCategoriesQuery = z.object({ section: sectionSchema.optional() });

export const saveSchoolCategoryRequest = z.object({
  id: z.number().int().positive().optional(),
  section: sectionSchema,
  name: z
    .string({ error: '请填写分类名称' })
    .trim()
    .min(1, '请填写分类名称')
    .max(20, '分类名称不能超过20个字'),
  nameEn: z.string().trim().max(40, '英文名称不能超过40个字符').default(''),
  sort: z.number({ error: '排序不正确' }).int('排序须为整数').min(0).max(9999).default(0),
  shown: z.boolean().default(true),
});
export type SaveSchoolCategoryRequest = z.input<typeof saveSchoolCategoryRequest>;
export type SaveSchoolCategory = z.infer<typeof saveSchoolCategoryRequest>;

export const saveSchoolItemRequest = z
  .object({
    id: z.number().int().positive().optional(),
    categoryId: z.number({ error: '请选择分类' }).int().positive('请选择分类'),
    kind: z.enum(SCHOOL_KINDS, { error: '请选择内容类型' }),
    title: z
      .string({ error: '请填写标题' })
      .trim()
      .min(1, '请填写标题')
      .max(64, '标题不能超过64个字'),
    summary: z.string().trim().max(200, '摘要不能超过200个字').default(''),
    body: z.string().trim().max(20000, '正文不能超过20000个字').default(''),
    coverUrl: siteImage('封面图片', { optional: true }).default(''),
    images: z
      .array(siteImage('图片'), { error: '图片不正确' })
      .max(SCHOOL_IMAGES_MAX, `最多${SCHOOL_IMAGES_MAX}张图片`)
      .default([]),
    videoUrl: safeLink('视频地址', { httpsOnly: true, optional: true }).default(''),
    shown: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'article' || v.kind === 'text') && !v.body)
      ctx.addIssue({ code: 'custom', path: ['body'], message: '请填写正文' });
    if ((v.kind === 'image' || v.kind === 'poster') && v.images.length === 0)
      ctx.addIssue({ code: 'custom', path: ['images'], message: '请上传图片' });
    if (v.kind === 'video' && !v.videoUrl)
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: '请填写视频地址' });
    if (v.kind !== 'video' && v.videoUrl)
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: '只有视频需要视频地址' });
  });
export type SaveSchoolItemRequest = z.input<typeof saveSchoolItemRequest>;
export type SaveSchoolItem = z.infer<typeof saveSchoolItemRequest>;

export const adminSchoolItemsQuery = listQueryBase.extend({
  section: sectionSchema.optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const adminSchoolItem = schoolItemDetail.omit({ favourite: true }).extend({
  categoryName: z.string(),
  shown: z.boolean(),
  favourites: z.number(),
  downloads: z.number(),
  publishedBy: z.string(),
});
export type AdminSchoolItem = z.infer<typeof adminSchoolItem>;
export const deleteSchoolItemRequest = z.object({ id: itemId });
