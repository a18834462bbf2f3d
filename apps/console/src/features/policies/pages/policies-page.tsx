import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  enumLabel,
  rateValueText,
  type AdminPolicy,
  type AdminPolicyChain,
  type AdminPolicyDetail,
  type AdminPolicyTopAgent,
} from '@pos/core';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { NewPolicyModal } from '../components/new-policy-modal';
import { RootPolicyModal } from '../components/root-policy-modal';
import { RatesTable } from '../components/rates-table';

/**
 * Policies: the brands' product policies and the top-level agents holding each (opened and
 * edited here as the platform), and for any SN the chain of costs settlement uses.
 */
export default function PoliciesPage() {
  const { t } = useI18n();
  return (
    <Card title={t('policies')}>
      <Tabs
        items={[
          { key: 'products', label: t('productPolicies'), children: <ProductPolicies /> },
          { key: 'chain', label: t('policyChain'), children: <ChainLookup /> },
        ]}
      />
    </Card>
  );
}

function ProductPolicies() {
  const { t, L } = useI18n();
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const columns: ProColumns<AdminPolicy>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: t('keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: L('政策名称/品牌') },
    },
    { title: L('品牌'), dataIndex: 'brandName', search: false },
    { title: L('政策'), dataIndex: 'name', search: false },
    { title: L('版本'), dataIndex: 'version', search: false, render: (_, r) => `v${r.version}` },
    {
      title: L('激活门槛'),
      dataIndex: 'activationThresholdFen',
      search: false,
      render: (_, r) => `¥${yuan(r.activationThresholdFen)}`,
    },
    {
      title: L('激活期限（天）'),
      dataIndex: 'activationWindowDays',
      search: false,
    },
    { title: L('达标月数'), dataIndex: 'standardMonthCount', search: false },
    { title: L('已开通一级代理'), dataIndex: 'topAgentsOpened', search: false },
    { title: L('更新时间'), dataIndex: 'updatedAt', valueType: 'dateTime', search: false },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="d" onClick={() => setOpen(r.id)} data-testid={`policy-${r.id}`}>
          {t('detail')}
        </a>,
      ],
    },
  ];
  return (
    <>
      <KeysetTable<AdminPolicy>
        actionRef={ref}
        path="/policies"
        rowKey="id"
        fileName="policies"
        columns={columns}
        toolbar={() =>
          can('policy:manage')
            ? [
                <Button
                  key="n"
                  type="primary"
                  onClick={() => setCreating(true)}
                  data-testid="new-policy"
                >
                  {t('newPolicy')}
                </Button>,
              ]
            : []
        }
      />
      <NewPolicyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void ref.current?.reload();
        }}
      />
      {open !== null && (
        <PolicyDrawer
          id={open}
          onClose={() => {
            setOpen(null);
            void ref.current?.reload();
          }}
        />
      )}
    </>
  );
}

function PolicyDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const [detail, setDetail] = useState<AdminPolicyDetail | null>(null);
  const [loaded, setLoaded] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [editingPolicy, setEditingPolicy] = useState(false);
  const agentsRef = useRef<ActionType | undefined>(undefined);
  if (loaded !== id) {
    setLoaded(id);
    void api<AdminPolicyDetail>(`/policies/detail?id=${id}`).then(setDetail);
  }
  const agentColumns: ProColumns<AdminPolicyTopAgent>[] = [
    {
      title: t('keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: L('姓名/手机号/邀请码') },
    },
    { title: 'ID', dataIndex: 'agentId', search: false },
    { title: L('姓名'), dataIndex: 'name', search: false },
    { title: L('手机号'), dataIndex: 'mobile', search: false },
    {
      title: t('status'),
      dataIndex: 'agentPolicyId',
      search: false,
      render: (_, r) =>
        r.agentPolicyId ? (
          <Tag color="green">{`${L('已开通')} v${r.version}`}</Tag>
        ) : (
          <Tag>{L('未开通')}</Tag>
        ),
    },
    {
      title: L('POS刷卡成本'),
      dataIndex: 'posCost',
      search: false,
      render: (_, r) => (r.posCost === null ? '—' : rateValueText(1, r.posCost, lang)),
    },
    {
      title: L('激活奖励'),
      dataIndex: 'activationRewardFen',
      search: false,
      render: (_, r) => (r.activationRewardFen === null ? '—' : `¥${yuan(r.activationRewardFen)}`),
    },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) =>
        can('policy:manage')
          ? [
              <a key="o" onClick={() => setEditing(r.agentId)} data-testid={`root-${r.agentId}`}>
                {r.agentPolicyId ? L('修改') : L('开通')}
              </a>,
            ]
          : [],
    },
  ];
  const d = detail?.policy.id === id ? detail : null;
  return (
    <Drawer
      open
      width={960}
      onClose={onClose}
      title={d ? `${d.policy.brandName} · ${d.policy.name}` : t('detail')}
      loading={!d}
      extra={
        d &&
        can('policy:manage') && (
          <Button onClick={() => setEditingPolicy(true)} data-testid="edit-policy">
            {L('编辑政策（生成新版本）')}
          </Button>
        )
      }
    >
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label={L('版本')}>v{d.policy.version}</Descriptions.Item>
            <Descriptions.Item label={L('激活门槛')}>
              ¥{yuan(d.terms.activationThresholdFen)}
            </Descriptions.Item>
            <Descriptions.Item label={L('激活期限（天）')}>
              {d.terms.activationWindowDays}
            </Descriptions.Item>
            <Descriptions.Item label={L('达标考核')} span={3}>
              {d.terms.standardMonths.length === 0
                ? '—'
                : d.terms.standardMonths
                    .map((m) => `${L('第')}${m.month}${L('月')} ¥${yuan(m.thresholdFen)}`)
                    .join('；')}
            </Descriptions.Item>
            <Descriptions.Item label={L('服务费档位')} span={3}>
              {d.terms.serviceFeeOptionsFen.map((f) => `¥${yuan(f)}`).join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label={L('流量费档位')} span={3}>
              {d.terms.commFeeOptionsFen.map((f) => `¥${yuan(f)}`).join(' / ')}
            </Descriptions.Item>
          </Descriptions>
          <RatesTable
            rows={d.terms.rates}
            more={[
              {
                title: L('商户费率范围'),
                key: 'range',
                render: (_, r) =>
                  `${rateValueText(r.rateType, r.minRate, lang)} ~ ${rateValueText(r.rateType, r.maxRate, lang)}`,
              },
            ]}
          />
          {d.versions.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey="version"
              data-testid="policy-versions"
              title={() => L('版本记录')}
              dataSource={d.versions}
              expandable={{
                expandedRowRender: (v) => (
                  <span>
                    {L('激活门槛')} ¥{yuan(v.terms.activationThresholdFen)} ·{' '}
                    {v.terms.rates
                      .map(
                        (r) =>
                          `${enumLabel('rate_type', r.rateType, lang)} ${rateValueText(r.rateType, r.minRate, lang)} ~ ${rateValueText(r.rateType, r.maxRate, lang)}（${L('标准')} ${rateValueText(r.rateType, r.standardRate, lang)}，${L('收单成本')} ${r.acquirerCost === null ? '—' : rateValueText(r.rateType, r.acquirerCost, lang)}）`,
                      )
                      .join('；')}
                  </span>
                ),
              }}
              columns={[
                { title: L('版本'), dataIndex: 'version', render: (v: number) => `v${v}` },
                { title: L('政策名称'), dataIndex: 'name' },
                { title: L('操作人'), dataIndex: 'operatorName', render: (v) => v ?? '—' },
                {
                  title: L('时间'),
                  dataIndex: 'createdAt',
                  render: (v: string) => new Date(v).toLocaleString(),
                },
              ]}
            />
          )}
          <KeysetTable<AdminPolicyTopAgent>
            actionRef={agentsRef}
            headerTitle={t('topAgents')}
            path="/policies/top-agents"
            rowKey="agentId"
            fileName={`policy-${id}-top-agents`}
            baseParams={{ policyId: id }}
            columns={agentColumns}
          />
        </Space>
      )}
      {d && (
        <NewPolicyModal
          open={editingPolicy}
          editing={d}
          onClose={() => setEditingPolicy(false)}
          onCreated={() => {
            setEditingPolicy(false);
            setLoaded(null);
          }}
        />
      )}
      {editing !== null && d && (
        <RootPolicyModal
          agentId={editing}
          policyId={id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void agentsRef.current?.reload();
            setLoaded(null);
          }}
        />
      )}
    </Drawer>
  );
}

/** Any SN: its policy and, level by level, the costs and what each level keeps. */
function ChainLookup() {
  const { t, L, lang } = useI18n();
  const [chain, setChain] = useState<AdminPolicyChain | null>(null);
  const rateTypes = chain?.levels[0]?.rates.map((r) => r.rateType) ?? [];
  return (
    <>
      <Input.Search
        placeholder="SN"
        enterButton={t('search')}
        style={{ maxWidth: 420, marginBottom: 16 }}
        data-testid="chain-sn"
        onSearch={async (sn) => {
          setChain(null);
          if (sn.trim())
            setChain(
              await api<AdminPolicyChain>(`/policies/chain?sn=${encodeURIComponent(sn.trim())}`),
            );
        }}
      />
      {chain && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label="SN">{chain.sn}</Descriptions.Item>
            <Descriptions.Item label={L('品牌')}>{chain.brandName}</Descriptions.Item>
            <Descriptions.Item label={L('政策')}>{chain.policyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={L('商户')}>{chain.merchantName ?? '—'}</Descriptions.Item>
          </Descriptions>
          {chain.policyId === null && <Alert type="info" message={L('该终端没有政策')} />}
          {chain.brokenAt !== null && (
            <Alert
              type="error"
              data-testid="chain-broken"
              message={`${L('政策链断开：以下代理未开通该政策')} #${chain.brokenAt}`}
            />
          )}
          {chain.levels.length > 0 && (
            <>
              <Typography.Text type="secondary">
                {L('留存为该层级从本终端每万元交易（借记卡封顶按每笔）和每次激活中留下的金额')}
              </Typography.Text>
              <Table
                size="small"
                pagination={false}
                data-testid="chain-table"
                rowKey={(r) => String(r.agentId ?? 'platform')}
                dataSource={chain.levels}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    title: L('层级'),
                    key: 'who',
                    fixed: 'left',
                    render: (_, r) =>
                      r.agentId === null ? (
                        <b>{L('平台')}</b>
                      ) : (
                        <span>
                          {r.name} {r.mobile}
                          {r.version !== null && <Tag style={{ marginLeft: 6 }}>v{r.version}</Tag>}
                        </span>
                      ),
                  },
                  ...rateTypes.map((rt) => ({
                    title: `${enumLabel('rate_type', rt, lang)}`,
                    key: `rate-${rt}`,
                    render: (_: unknown, r: AdminPolicyChain['levels'][number]) => {
                      const cost = r.rates.find((x) => x.rateType === rt)?.cost;
                      const keep = r.keeps.find((x) => x.rateType === rt)?.fen;
                      if (cost === undefined) return '—';
                      return (
                        <span>
                          {rateValueText(rt, cost, lang)}
                          {keep !== undefined && (
                            <Typography.Text type="success" style={{ marginLeft: 6 }}>
                              {`${L('留')}¥${yuan(keep)}`}
                            </Typography.Text>
                          )}
                        </span>
                      );
                    },
                  })),
                  {
                    title: L('激活奖励'),
                    key: 'activation',
                    render: (_, r) =>
                      r.activationRewardFen === null ? (
                        '—'
                      ) : (
                        <span>
                          ¥{yuan(r.activationRewardFen)}
                          {r.activationKeepsFen !== null && (
                            <Typography.Text type="success" style={{ marginLeft: 6 }}>
                              {`${L('留')}¥${yuan(r.activationKeepsFen)}`}
                            </Typography.Text>
                          )}
                        </span>
                      ),
                  },
                ]}
              />
            </>
          )}
        </Space>
      )}
    </>
  );
}
