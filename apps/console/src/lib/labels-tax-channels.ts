/** English for the tax channels page's Chinese labels (withdrawal tax channels, decision 034). */
export const TAX_CHANNEL_LABELS_EN: Record<string, string> = {
  增值税: 'VAT',
  个税: 'Income tax',
  原: 'Was',
  新: 'Now',
  扣税时点: 'Taxed',
  '元/笔': 'yuan each',
  暂无变更: 'No changes yet',
  新增税务通道: 'New tax channel',
  暂无税务通道: 'No tax channels yet',
  税务通道: 'Tax channel',
  税务通道变更: 'Tax channel changes',
  已提交的提现仍按提交时的通道计算:
    'Withdrawals already requested keep the terms they were made under',
  税务通道变更已生效: 'The tax channel change is applied',
  税务通道变更已驳回: 'The tax channel change is rejected',
  税务通道变更已提交复核: 'Tax channel change sent for review',
  启用即替换该钱包当前的税务通道: "Enabling it replaces the wallet's current tax channel",
};
