/**
 * English for the labels of the agent picker, the transactions filters and the audit log
 * (issue 28 points 4 to 7); spread into LABELS_EN.
 */
export const SEARCH_LABELS_EN: Record<string, string> = {
  一级代理: 'Top agent',
  所属一级代理: 'Top agent',
  '输入姓名、手机号或邀请码搜索': 'Search by name, mobile or invite code',
  '搜索中…': 'Searching…',
  没有找到代理商: 'No agent found',
  更多: 'More',
  请选择代理商: 'Choose an agent',
  确认下发终端: 'Allocate these terminals?',
  确认发起账务调整: 'Propose this adjustment?',
  扣减: 'Deduct',
  增加: 'Add',
  元: 'yuan',
  '提交后须另一位操作员复核通过才入账。': 'It is posted only after another operator approves it.',
  交易日期: 'Trade dates',
  交易时间: 'Traded at',
  '代理商（含下级）': 'Agent (with its team)',
  日期: 'Dates',
  对象编号: 'Target id',
  操作类型: 'Action',
  变更内容: 'Changes',
  详情: 'Details',
  字段: 'Field',
  已变更: 'changed',
};
