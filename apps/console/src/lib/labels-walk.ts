/**
 * English for the labels the walk of every console page at 1280 and 1024 added (issue 28's
 * last round: SN runs, parameters, dictionaries, menus and tables); spread into LABELS_EN.
 */
export const WALK_LABELS_EN: Record<string, string> = {
  SN段: 'SN runs',
  处理时间: 'Decided at',
  参数: 'Parameter',
  App可读: 'Read by the app',
  '按存储格式填写；JSON 中以 Fen 结尾的金额单位为分。':
    'Enter it as stored; in JSON, amounts whose name ends in Fen are in fen (1/100 yuan).',
  预览: 'Preview',
  最近登录: 'Last sign-in',
  手续费: 'Fee',
  交易: 'Transaction',
};
