import { Alert, Card, Col, Descriptions, Row, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { ProviderKeysCard } from '../components/provider-keys-card';

type Party = Record<string, unknown>;

/** Each party's name in words, in the order shown. */
const PARTIES: { key: string; zh: string }[] = [
  { key: 'alipay', zh: '支付宝（商城支付与提现打款）' },
  { key: 'wechatPay', zh: '微信支付' },
  { key: 'sms', zh: '短信' },
  { key: 'identity', zh: '实名核验' },
  { key: 'geocoder', zh: '地理编码' },
];

/** The selector fields: simulated is marked, a real provider is named. */
const CHOICES = new Set(['gateway', 'payout', 'verifier', 'geocoder']);

const text = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v);

/**
 * The outside parties this server uses (GET /admin/system/providers): each party's choice and,
 * for a real provider, its account with every key masked; below, the keys themselves, which two
 * independent super admins may change for the next start (decision 041).
 */
export default function ProvidersPage() {
  const { L } = useI18n();
  const [report, setReport] = useState<Record<string, Party> | null>(null);
  useEffect(() => void api<Record<string, Party>>('/system/providers').then(setReport), []);
  if (!report) return <Spin />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title={L('外部服务')}>
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          message={L(
            '使用哪家服务和服务地址由服务器环境变量决定；密钥可在下方由两位超级管理员修改，服务器下次启动时生效。密钥只显示首尾字符。',
          )}
        />
        <Row gutter={[16, 16]}>
          {PARTIES.filter((p) => report[p.key]).map((p) => (
            <Col key={p.key} xs={24} lg={12}>
              <Descriptions
                size="small"
                bordered
                column={1}
                title={L(p.zh)}
                data-testid={`provider-${p.key}`}
              >
                {Object.entries(report[p.key]!).map(([field, value]) => (
                  <Descriptions.Item key={field} label={field}>
                    {CHOICES.has(field) ? (
                      <Tag
                        color={
                          value === 'simulated'
                            ? 'orange'
                            : value === 'disabled'
                              ? 'default'
                              : 'green'
                        }
                      >
                        {text(value)}
                      </Tag>
                    ) : (
                      <span style={{ wordBreak: 'break-all' }}>{text(value)}</span>
                    )}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Col>
          ))}
        </Row>
      </Card>
      <ProviderKeysCard />
    </Space>
  );
}
