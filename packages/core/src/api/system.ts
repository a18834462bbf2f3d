import { z } from 'zod';

/**
 * Contracts of the app shell's content: app config, system parameters, dictionaries, the update
 * check, banners and notices.
 */

/** The success envelope around a call's data (optional in the type, as in core's Envelope). */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data: data.optional() });

// Query strings arrive as text; ids and sizes are read as whole numbers with a message per field.
const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message);

// ---------------------------------------------------------------------------------------------
// App config (POST /api/ag/app/param/getByDomain)
// ---------------------------------------------------------------------------------------------

export const appConfigRequest = z.object({
  domain: z.string({ error: '域名格式错误' }).trim().max(253, '域名格式错误'),
});
export type AppConfigRequest = z.infer<typeof appConfigRequest>;

export const appConfig = z.object({
  domain: z.string(),
  appName: z.string(),
  serverVersion: z.string(),
  clearVersion: z.string(),
  servicePhone: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
  sharePoster: z.object({ isShow: z.boolean(), imageUrl: z.string() }),
});
export type AppConfig = z.infer<typeof appConfig>;

// ---------------------------------------------------------------------------------------------
// System parameters (GET /api/ag/system/config/configKey/{key})
// ---------------------------------------------------------------------------------------------

export const configKeyParams = z.object({
  key: z.string().min(1, '参数键名不能为空').max(100, '参数键名格式错误'),
});

/** RuoYi style: the value travels in msg as well as in data. */
export const configValueResponse = z.object({
  code: z.number(),
  msg: z.string(),
  data: z.string(),
});
export type ConfigValueResponse = z.infer<typeof configValueResponse>;

// ---------------------------------------------------------------------------------------------
// Dictionaries (GET /system/dict/data/type/{type})
// ---------------------------------------------------------------------------------------------

export const dictTypeParams = z.object({
  type: z.string().min(1, '字典类型不能为空').max(100, '字典类型格式错误'),
});

/** One option of a display enumeration, shaped like a RuoYi dictionary row. */
export const dictData = z.object({
  dictType: z.string(),
  dictValue: z.string(),
  dictLabel: z.string(),
  dictLabelEn: z.string(),
  dictSort: z.number(),
});
export type DictData = z.infer<typeof dictData>;

// ---------------------------------------------------------------------------------------------
// Update check (GET /app/api/check/app/update)
// ---------------------------------------------------------------------------------------------

export const APP_PLATFORMS = ['android', 'ios', 'h5'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const appUpdateQuery = z.object({
  version: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, '版本号格式错误')
    .default('0.0.0'),
  platform: z.enum(APP_PLATFORMS, { message: '平台不正确' }).default('h5'),
});
export type AppUpdateQuery = z.infer<typeof appUpdateQuery>;

/** Field names as the app's update popup reads them (snake_case is_mandatory included). */
export const appUpdate = z.object({
  title: z.string(),
  contents: z.string(),
  is_mandatory: z.boolean(),
  url: z.string(),
  platform: z.string(),
  /** 'wgt' is a hot update of the web bundle; anything else is a full package. */
  type: z.string(),
  version: z.string(),
  /** For a 'wgt' hot update: the bundle's SHA-256 (hex), the platform's Ed25519 signature of
   * version and checksum (base64) and its size in bytes; null for a full package. */
  sha256: z.string().nullable(),
  signature: z.string().nullable(),
  size: z.number().nullable(),
});
export type AppUpdate = z.infer<typeof appUpdate>;

// Proposing a hot update (operators' console): POST /prod-api/admin/app-versions/bundle. The
// release machine signs it (npm run app:publish); the server only verifies, and the update goes
// live when a second operator approves it.
const versionText = z.string({ error: '请输入版本号' }).regex(/^\d+\.\d+\.\d+$/, '版本号格式错误');
export const publishBundleRequest = z.object({
  version: versionText,
  platform: z.enum(APP_PLATFORMS, { message: '平台不正确' }),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(60, '标题最多60个字'),
  contents: z.string().trim().max(2000, '更新内容最多2000个字').default(''),
  mandatory: z.boolean().default(false),
  /** The lowest app version the bundle may be applied to. */
  minVersion: versionText.optional(),
  /** The zipped web bundle, base64. */
  bundleBase64: z.string({ error: '请上传更新包' }).min(1, '请上传更新包'),
  /** The release machine's Ed25519 signature of hotUpdateMessage(version, sha256), base64. */
  signature: z.string({ error: '请上传签名文件' }).trim().min(1, '请上传签名文件'),
});
export type PublishBundleRequest = Omit<z.infer<typeof publishBundleRequest>, 'bundleBase64'>;
/** A hot update waits as 'pending' until a second operator approves ('published') or rejects it. */
export const APP_VERSION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type AppVersionStatus = (typeof APP_VERSION_STATUSES)[number];
export const publishedBundle = z.object({
  id: z.number(),
  version: z.string(),
  platform: z.enum(APP_PLATFORMS),
  url: z.string(),
  sha256: z.string(),
  signature: z.string(),
  size: z.number(),
  status: z.enum(APP_VERSION_STATUSES),
});
export type PublishedBundle = z.infer<typeof publishedBundle>;

// ---------------------------------------------------------------------------------------------
// Banners (GET /api/ag/home/banner/list, /detail)
// ---------------------------------------------------------------------------------------------

export const banner = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  /** 1 home banner, 2 shop banner (core BANNER_TYPE). */
  bannerType: z.number(),
  isShow: z.boolean(),
  content: z.string(),
  sort: z.number(),
});
export type Banner = z.infer<typeof banner>;

export const bannerListQuery = z.object({
  bannerType: z.coerce
    .number({ error: '轮播图类型不正确' })
    .int('轮播图类型不正确')
    .min(1, '轮播图类型不正确')
    .max(2, '轮播图类型不正确')
    .default(1),
});
export type BannerListQuery = z.infer<typeof bannerListQuery>;

export const bannerDetailQuery = z.object({ id: queryId('轮播图编号不正确') });

// ---------------------------------------------------------------------------------------------
// Notices (GET /api/ag/home/notice/list, /detail)
// ---------------------------------------------------------------------------------------------

export const notice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const NOTICE_PAGE_SIZE_MAX = 50;

export const noticeListQuery = z.object({
  /** nextCursor of the previous page; absent for the first page. */
  cursor: z.string().max(200, '分页游标格式错误').optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(NOTICE_PAGE_SIZE_MAX, `每页最多${NOTICE_PAGE_SIZE_MAX}条`)
    .default(10),
});
export type NoticeListQuery = z.infer<typeof noticeListQuery>;

/** A keyset page: nextCursor is null on the last page. */
export const noticePage = z.object({ rows: z.array(notice), nextCursor: z.string().nullable() });
export type NoticePage = z.infer<typeof noticePage>;

export const noticeDetailQuery = z.object({ id: queryId('公告编号不正确') });

// ---------------------------------------------------------------------------------------------
// Simulated SMS gateway (GET /api/dev/sms/outbox; development and tests only)
// ---------------------------------------------------------------------------------------------

export const smsOutboxQuery = z.object({
  mobile: z.string({ error: '手机号码不能为空' }).regex(/^1\d{10}$/, '手机号码格式错误'),
});

export const smsOutboxMessage = z.object({
  mobile: z.string(),
  scene: z.string(),
  content: z.string(),
  code: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessage>;
