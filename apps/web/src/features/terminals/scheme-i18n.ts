import { i18n } from '@/lib/i18n';

/** Texts of a terminal's reward scheme (达标奖励, issue 33), under terminals.scheme. */
const zh = {
  title: '达标奖励',
  loading: '加载中…',
  failed: '达标奖励加载失败',
  none: '该终端未参与达标奖励方案（激活时冻结当时的方案）',
  version: '方案版本 V{{v}}',
  activatedAt: '激活时间 {{t}}',
  stage: '第{{n}}阶段',
  window: '{{from}} 至 {{to}}',
  volume: '交易额 {{p}} / {{t}} 元',
  count: '笔数 {{p}} / {{t}} 笔',
  reward: '奖励 {{v}} 元',
  myShare: '我的 {{v}} 元',
  missEnds: '未达标即终止后续阶段',
  missGoesOn: '未达标不影响后续阶段',
  status: { open: '进行中', met: '已达标', missed: '未达标', void: '已终止' },
  rewardStatus: {
    recorded: '待入账',
    held: '待审核',
    credited: '已入账',
    forfeited: '已取消',
  },
  review: {
    pending: '该终端激活异常（伪激活），奖励待平台审核',
    released: '激活审核已通过',
    forfeited: '激活审核未通过，奖励已取消',
  },
};

const en: typeof zh = {
  title: 'Reward scheme',
  loading: 'Loading…',
  failed: 'The reward scheme could not be loaded',
  none: 'This terminal has no reward scheme (the one in force is frozen at activation)',
  version: 'Scheme version V{{v}}',
  activatedAt: 'Activated {{t}}',
  stage: 'Stage {{n}}',
  window: '{{from}} to {{to}}',
  volume: 'Volume {{p}} / {{t}} yuan',
  count: 'Trades {{p}} / {{t}}',
  reward: 'Reward {{v}} yuan',
  myShare: 'Mine {{v}} yuan',
  missEnds: 'A missed stage ends the later ones',
  missGoesOn: 'A missed stage does not end the later ones',
  status: { open: 'In progress', met: 'Met', missed: 'Missed', void: 'Ended' },
  rewardStatus: {
    recorded: 'To be credited',
    held: 'Under review',
    credited: 'Credited',
    forfeited: 'Cancelled',
  },
  review: {
    pending: 'Activation flagged as false: rewards wait for review',
    released: 'Activation review passed',
    forfeited: 'Activation review failed: rewards cancelled',
  },
};

i18n.addResourceBundle('zh', { terminals: { scheme: zh } });
i18n.addResourceBundle('en', { terminals: { scheme: en } });
