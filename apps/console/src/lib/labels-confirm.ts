/**
 * English for the labels of confirmations and their success toasts, mall shipping, the page
 * frame and pagination (issue 28 points 2, 8, 9, 10); spread into LABELS_EN.
 */
export const CONFIRM_LABELS_EN: Record<string, string> = {
  停用代理商: 'Disable agent',
  '停用后该代理商立即退出所有设备，不能再登录；其团队、终端和钱包不变，可随时启用。':
    'The agent is signed out on every device at once and cannot sign in; its team, terminals and wallets stay as they are. It can be enabled again at any time.',
  已停用: 'Disabled',
  启用代理商: 'Enable agent',
  '启用后该代理商可以重新登录。': 'The agent can sign in again.',
  已启用: 'Enabled',
  重置登录密码: 'Reset the sign-in password of',
  '原密码立即失效，该代理商退出所有设备；新的初始密码只显示一次，首次登录须修改。':
    'The current password stops working at once and the agent is signed out on every device; the new initial password is shown once and must be changed at the first sign-in.',
  已重置密码: 'Password reset',
  取消特殊账户: 'No longer a platform account',
  '设为特殊账户（平台自营）': 'Make a platform (self-operated) account',
  已保存: 'Saved',
  修改等级: 'Change the level of',
  订单共: 'The order has',
  所选SN有: 'the SNs chosen are',
  确认发货: 'Confirm shipping',
  发往: 'To',
  快递公司: 'Courier',
  运单号: 'Waybill no.',
  '发货后终端立即进入买家的库存，不能撤回。':
    "Once shipped, the terminals are in the buyer's stock at once; this cannot be undone.",
  '加载中…': 'Loading…',
  应发: 'to ship',
  平台可用: 'platform has',
  号段: 'SN range',
  '点选上方的可用SN，或': 'Click available SNs above, or',
  按型号填入前几个可用SN: 'fill in the first available SNs of each model',
  已选: 'Chosen',
  请填写快递公司: 'Enter the courier',
  请填写运单号: 'Enter the waybill number',
  买家: 'Buyer',
  将原路退回: 'goes back the way it was paid',
  已取消并退款: 'Cancelled and refunded',
  快递: 'Courier / waybill',
  可售库存: 'Sellable stock',
  预留: 'reserved',
  '从平台未分配的该型号终端中预留，不能超过其数量（扣除未发货订单占用的）。':
    "Reserved out of the platform's unallocated terminals of this model; never more than those (less what unshipped orders hold).",
  已批准: 'Approved',
  返回首页: 'Back to the home page',
};
