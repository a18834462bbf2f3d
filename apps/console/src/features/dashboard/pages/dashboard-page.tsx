import { StatisticCard } from '@ant-design/pro-components';
import { DASHBOARD_FIGURES, type Dashboard } from '@pos/core';
import { Card, Col, List, Row, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** Figures computed by the server; nothing here is added up in the browser. */
export default function DashboardPage() {
  const { t, L, lang } = useI18n();
  const [d, setD] = useState<Dashboard | null>(null);
  useEffect(() => {
    void api<Dashboard>('/dashboard').then(setD);
  }, []);
  if (!d) return <Spin />;
  // Each figure carries its definition (core's DASHBOARD_FIGURES) as a tooltip.
  const stat = (key: keyof typeof DASHBOARD_FIGURES, title: string, value: string | number) => (
    <StatisticCard
      data-testid={`figure-${key}`}
      statistic={{ title, value, tip: DASHBOARD_FIGURES[key][lang] }}
    />
  );
  const figures = (f: Dashboard['today'], label: string) => (
    <StatisticCard.Group title={label} direction="row">
      {stat('volumeFen', t('volume'), yuan(f.volumeFen))}
      {stat('transactions', t('transactions'), f.transactions)}
      {stat('sharesPaidFen', t('sharesPaid'), yuan(f.sharesPaidFen))}
      {stat('adjustmentsFen', t('adjustmentsPosted'), yuan(f.adjustmentsFen))}
      {stat('newMerchants', t('newMerchants'), f.newMerchants)}
      {stat('activations', t('activations'), f.activations)}
    </StatisticCard.Group>
  );
  const max = Math.max(1, ...d.trend.map((p) => p.volumeFen));
  const a = d.attention;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>{figures(d.today, t('today'))}</Col>
      <Col span={24}>{figures(d.month, t('month'))}</Col>
      <Col span={14}>
        <Card title={t('trend')} size="small">
          <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 140 }}>
            {d.trend.map((p) => (
              <div
                key={p.day}
                title={`${p.day} ${yuan(p.volumeFen)}`}
                style={{
                  flex: 1,
                  background: '#1677ff',
                  height: `${(p.volumeFen / max) * 100}%`,
                  minHeight: 1,
                }}
              />
            ))}
          </div>
        </Card>
      </Col>
      <Col span={10}>
        <Card title={t('attention')} size="small" data-testid="attention">
          <List size="small">
            <List.Item>
              {t('pendingWithdrawals')}
              <Tag color={a.pendingWithdrawals ? 'gold' : 'default'}>{a.pendingWithdrawals}</Tag>
            </List.Item>
            <List.Item>
              {t('licenceReviews')}
              <Tag>{a.licenceReviews}</Tag>
            </List.Item>
            <List.Item>
              {t('identifications')}
              <Tag data-testid="attention-identifications">{a.identificationReviews}</Tag>
            </List.Item>
            <List.Item>
              {t('flagged')}
              <Tag color={a.flaggedNotifications ? 'red' : 'default'}>{a.flaggedNotifications}</Tag>
            </List.Item>
            <List.Item>
              {t('failedJobs')}
              <Tag color={a.failedJobs ? 'red' : 'default'}>{a.failedJobs}</Tag>
            </List.Item>
            <List.Item>
              {t('pendingAdjustments')}
              <Tag>{a.pendingAdjustments}</Tag>
            </List.Item>
            <List.Item>
              {t('ledgerHealth')}
              <Tag color={a.ledgerBalanced ? 'green' : 'red'}>{a.ledgerBalanced ? '✓' : '✗'}</Tag>
            </List.Item>
          </List>
        </Card>
      </Col>
      <Col span={24}>
        <StatisticCard.Group title={t('terminalsByStatus')} direction="row">
          <StatisticCard statistic={{ title: L('未绑定'), value: d.terminalsByStatus.unbound }} />
          <StatisticCard statistic={{ title: L('已绑定'), value: d.terminalsByStatus.bound }} />
          <StatisticCard statistic={{ title: L('已激活'), value: d.terminalsByStatus.activated }} />
          <StatisticCard statistic={{ title: L('已删除'), value: d.terminalsByStatus.deleted }} />
        </StatisticCard.Group>
      </Col>
    </Row>
  );
}
