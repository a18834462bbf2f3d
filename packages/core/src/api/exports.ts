import { z } from 'zod';
import type { Lang } from '../enums';
import { pageOf } from './admin';
import { merchantListQuery } from './merchants';
import { terminalListQuery } from './terminals';
import { ledgerQuery } from './wallet';
import { withdrawListQuery } from './withdrawals';

/**
 * Contract of an agent's exports (我的导出, issue 32, decision 038): a list of the app (terminals,
 * merchants, earnings, withdrawals) written as an .xlsx file in the background, with the same
 * filters as the list and the same rows, listed under "my exports" with its progress, downloaded
 * only by the agent that asked for it, and deleted EXPORT_KEEP_DAYS days after it was asked for.
 */
export const EXPORT_KINDS = ['terminals', 'merchants', 'earnings', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** How long a file is kept after it was asked for. */
export const EXPORT_KEEP_DAYS = 7;
/** Most rows one file holds; past it the file says so on its last line. */
export const EXPORT_MAX_ROWS = 100_000;
/** Most exports one agent may have waiting or being written at once. */
export const EXPORT_PENDING_MAX = 3;

const words = {
  kind: {
    terminals: { zh: '终端', en: 'Terminals' },
    merchants: { zh: '商户', en: 'Merchants' },
    earnings: { zh: '收益明细', en: 'Earnings' },
    withdrawals: { zh: '提现记录', en: 'Withdrawals' },
  },
  status: {
    queued: { zh: '排队中', en: 'Queued' },
    running: { zh: '生成中', en: 'Writing' },
    done: { zh: '已完成', en: 'Ready' },
    failed: { zh: '失败', en: 'Failed' },
  },
} as const;

export const exportKindLabel = (kind: string, lang: Lang = 'zh'): string =>
  (words.kind as Record<string, { zh: string; en: string }>)[kind]?.[lang] ?? kind;
export const exportStatusLabel = (status: string, lang: Lang = 'zh'): string =>
  (words.status as Record<string, { zh: string; en: string }>)[status]?.[lang] ?? status;

/** The list's own filters, without its paging. */
const noPaging = { cursor: true, pageSize: true } as const;
const lang = z.enum(['zh', 'en'], { error: '语言不正确' }).default('zh');

export const exportRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('terminals'),
      filters: terminalListQuery.omit(noPaging).prefault({}),
      lang,
    }),
    z.object({
      kind: z.literal('merchants'),
      filters: merchantListQuery.omit(noPaging).prefault({}),
      lang,
    }),
    z.object({
      kind: z.literal('earnings'),
      filters: ledgerQuery.omit(noPaging).prefault({}),
      lang,
    }),
    z.object({
      kind: z.literal('withdrawals'),
      filters: withdrawListQuery.omit(noPaging).prefault({}),
      lang,
    }),
  ],
  { error: '导出类型不正确' },
);
export type ExportRequest = z.input<typeof exportRequest>;
export type ExportRequestParsed = z.infer<typeof exportRequest>;

export const exportItem = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far (all of them once done). */
  rowsDone: z.number(),
  /** The list held more than EXPORT_MAX_ROWS rows: the file stops there and says so. */
  truncated: z.boolean(),
  fileName: z.string(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file is deleted. */
  expiresAt: z.string(),
});
export type ExportItem = z.infer<typeof exportItem>;
export const exportPage = pageOf(exportItem);
export type ExportPage = z.infer<typeof exportPage>;

export const exportListQuery = z.object({
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(50, '每页条数不能超过50')
    .default(20),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, '分页游标不正确')
    .optional(),
});
export type ExportListQuery = z.input<typeof exportListQuery>;

export const exportIdQuery = z.object({
  id: z.coerce.number({ error: '导出编号不正确' }).int().positive('导出编号不正确'),
});

/** The .xlsx media type. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A console list download written in the background (导出任务): lists over the console's
 * at-once limit are written after the answer, and downloaded from here by the operator who asked.
 */
export const operatorExportItem = z.object({
  id: z.number(),
  /** The console list's API path (/admin/agents ...). */
  listPath: z.string(),
  fileType: z.enum(['csv', 'xlsx']),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  rowsDone: z.number(),
  truncated: z.boolean(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type OperatorExportItem = z.infer<typeof operatorExportItem>;
export const operatorExportPage = pageOf(operatorExportItem);
/** What a console download answers instead of the file when it goes to the background. */
export const backgroundExport = z.object({
  background: z.literal(true),
  export: operatorExportItem,
});
export type BackgroundExport = z.infer<typeof backgroundExport>;
