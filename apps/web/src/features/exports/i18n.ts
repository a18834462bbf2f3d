import { i18n } from '@/lib/i18n';

const zh = {
  title: '我的导出',
  entry: '我的导出',
  export: '导出',
  started: '已开始导出，可在"我的导出"查看进度',
  empty: '暂无导出，可在终端、商户、收益明细和提现记录列表右上角导出',
  rows: '{{count}} 行',
  writing: '正在生成，已写入 {{count}} 行',
  queued: '排队中',
  truncated: '超过上限，仅导出前 {{count}} 行',
  expires: '保留至 {{at}}',
  download: '下载',
  downloading: '正在下载',
  downloadFailed: '下载失败，请重试',
  failed: '导出失败',
  size: '{{size}} KB',
};

const en: typeof zh = {
  title: 'My exports',
  entry: 'My exports',
  export: 'Export',
  started: 'Export started; follow it under "My exports"',
  empty:
    'No exports yet. Export from the top right of the terminal, merchant, earnings or withdrawal lists',
  rows: '{{count}} rows',
  writing: 'Writing, {{count}} rows so far',
  queued: 'Queued',
  truncated: 'Over the limit: the first {{count}} rows only',
  expires: 'Kept until {{at}}',
  download: 'Download',
  downloading: 'Downloading',
  downloadFailed: 'Download failed, please try again',
  failed: 'Export failed',
  size: '{{size}} KB',
};

i18n.addResourceBundle('zh', { exports: zh });
i18n.addResourceBundle('en', { exports: en });
