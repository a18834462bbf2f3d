/** English for the four-eyes proposals' shared table and actions (components/changes-table.tsx). */
export const CHANGES_LABELS_EN: Record<string, string> = {
  等待另一位超级管理员批准: 'Waiting for another super admin',
  '须另一位操作员复核：发起人不能复核自己的变更。':
    'A second operator must decide: the proposer cannot decide their own change.',
  '须另一位超级管理员复核：发起人不能复核自己的变更。':
    'A second super admin must decide: the proposer cannot decide their own change.',
};
