import { i18n } from '@/lib/i18n';

/** Texts of the deposit options and SIM fee tiers (issue 33), merged into the policies bundle. */
const zh = {
  depositTitle: '押金（服务费）返现',
  simTitle: '流量费返现（按收取次数）',
  option: '档位',
  cashback: '返现',
  first: '首次',
  second: '第二次',
  later: '第三次及以后',
  simRule:
    '同一终端按收取时间所在年度计次：激活后第1年为首次，第2年为第二次，之后各年按第三次及以后返现，换代理后继续计次。',
  depositRule: '商户缴纳哪一档押金，按该档返现，逐级按差额分润。',
  childTier: '下级{{tier}}返现',
  ownTier: '我的{{tier}}返现',
};

const en: typeof zh = {
  depositTitle: 'Deposit (service fee) cashback',
  simTitle: 'SIM fee cashback by collection',
  option: 'Option',
  cashback: 'Cashback',
  first: 'First',
  second: 'Second',
  later: 'Third and later',
  simRule:
    "A terminal's SIM fees are counted by the year they are collected in: the first year after activation pays the first cashback, the second year the second, every later year the third-and-later one, whoever holds the terminal.",
  depositRule:
    'A deposit pays the cashback of the option the merchant paid, shared up the chain by level difference.',
  childTier: "Sub-agent's {{tier}} cashback",
  ownTier: 'My {{tier}} cashback',
};

i18n.addResourceBundle('zh', { policies: { feeTiers: zh } });
i18n.addResourceBundle('en', { policies: { feeTiers: en } });
