/** English for the fee cashback tiers' labels (issue 33); spread into LABELS_EN. */
export const FEE_TIER_LABELS_EN: Record<string, string> = {
  '流量费返现（按收取次数，元）': 'SIM fee cashback by collection (yuan)',
  首次: 'First',
  第二次: 'Second',
  第三次及以后: 'Third and later',
  流量费返现: 'SIM fee cashback',
  '首次即上面的流量费分润；同一终端按收取时间所在年度计次，换代理后继续计次。':
    "The first is the communication fee share above; a terminal's collections are counted by the year they fall in, whoever holds it.",
};
