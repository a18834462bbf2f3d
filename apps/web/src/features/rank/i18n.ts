import { i18n } from '@/lib/i18n';

const zh = {
  title: '排行榜',
  metric: {
    volume: '交易额',
    activations: '激活数',
    earnings: '收益',
    teamVolume: '团队交易额',
  },
  period: { day: '今日', week: '本周', month: '本月' },
  scope: '本团队 · {{from}} 至 {{to}}',
  empty: '暂无排名',
  emptyDesc: '这段时间团队里还没有人上榜',
  myRank: '我的排名',
  rankN: '第 {{n}} 名',
  notRanked: '未上榜',
  me: '我',
  ranked: '共 {{n}} 人上榜',
  asOf: '排名每几分钟更新 · 更新于 {{time}}',
};

const en: typeof zh = {
  title: 'Rankings',
  metric: {
    volume: 'Volume',
    activations: 'Activations',
    earnings: 'Earnings',
    teamVolume: 'Team volume',
  },
  period: { day: 'Today', week: 'This week', month: 'This month' },
  scope: 'My tree · {{from}} to {{to}}',
  empty: 'No rankings yet',
  emptyDesc: 'Nobody in the tree has a figure for this period yet',
  myRank: 'My rank',
  rankN: 'No. {{n}}',
  notRanked: 'Not ranked',
  me: 'Me',
  ranked: '{{n}} ranked',
  asOf: 'Updated every few minutes · as of {{time}}',
};

i18n.addResourceBundle('zh', { rank: zh });
i18n.addResourceBundle('en', { rank: en });
