import {
  formatDate,
  RANK_METRICS,
  RANK_PERIODS,
  type RankList,
  type RankMetric,
  type RankPeriod,
  type RankRow,
} from '@pos/core';
import { Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const TEXTS = {
  volume: { zh: '交易额', en: 'Volume' },
  activations: { zh: '激活数', en: 'Activations' },
  earnings: { zh: '收益', en: 'Earnings' },
  teamVolume: { zh: '团队交易额', en: 'Team volume' },
  day: { zh: '今日', en: 'Today' },
  week: { zh: '本周', en: 'This week' },
  month: { zh: '本月', en: 'This month' },
  rank: { zh: '名次', en: 'Rank' },
  agent: { zh: '代理商', en: 'Agent' },
  agentId: { zh: '代理编号', en: 'Agent ID' },
  period: {
    zh: '{from} 至 {to}，共 {n} 人上榜（平台账户不参与排名）',
    en: '{from} to {to}, {n} ranked (platform accounts are not ranked)',
  },
  asOf: {
    zh: '排名每几分钟从汇总数据重新计算，本次计算于 {time}',
    en: 'Rankings are computed again from the rollups every few minutes; these as of {time}',
  },
} as const;

const MEDALS = ['gold', '#8c8c8c', '#b8652b'];

/**
 * The platform-wide rankings: every tree's agents by trade volume, activations, earnings or team
 * volume over today, this week or this month, names in full. The server reads the rollups and
 * ranks; nothing is added up here.
 */
export default function RankPage() {
  const { lang } = useI18n();
  const tx = (key: keyof typeof TEXTS) => TEXTS[key][lang];
  const [metric, setMetric] = useState<RankMetric>('volume');
  const [period, setPeriod] = useState<RankPeriod>('month');
  const [data, setData] = useState<RankList | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    void api<RankList>(`/rank?metric=${metric}&period=${period}`)
      .then(setData)
      .finally(() => setLoading(false));
  }, [metric, period]);
  const shown = (v: number) => (metric === 'activations' ? v.toLocaleString() : yuan(v));
  return (
    <Card size="small">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Segmented
            value={metric}
            onChange={(v) => setMetric(v as RankMetric)}
            options={RANK_METRICS.map((m) => ({ value: m, label: tx(m) }))}
          />
          <Segmented
            value={period}
            onChange={(v) => setPeriod(v as RankPeriod)}
            options={RANK_PERIODS.map((p) => ({ value: p, label: tx(p) }))}
          />
        </Space>
        {data && (
          <Typography.Text type="secondary">
            {tx('period')
              .replace('{from}', data.from)
              .replace('{to}', data.to)
              .replace('{n}', String(data.ranked))}
            {data.asOf && (
              <span data-testid="rank-as-of">
                {' · '}
                {tx('asOf').replace('{time}', formatDate(data.asOf, 'yyyy-mm-dd hh:MM:ss'))}
              </span>
            )}
          </Typography.Text>
        )}
        <Table<RankRow>
          rowKey="agentId"
          size="small"
          loading={loading}
          pagination={false}
          dataSource={data?.rows ?? []}
          data-testid="rank-table"
          columns={[
            {
              title: tx('rank'),
              dataIndex: 'rank',
              width: 80,
              render: (n: number) =>
                n <= 3 ? (
                  <Tag color={MEDALS[n - 1]} data-testid={`medal-${n}`}>
                    {n}
                  </Tag>
                ) : (
                  n
                ),
            },
            { title: tx('agent'), dataIndex: 'name' },
            { title: tx('agentId'), dataIndex: 'agentId', width: 120 },
            {
              title: tx(metric),
              dataIndex: 'value',
              align: 'right',
              render: (v: number) => shown(v),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
