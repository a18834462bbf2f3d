import {
  ModalForm,
  ProFormCheckbox,
  ProFormDigit,
  ProFormList,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import type { AdminPolicy, RewardSchemeTerms, SchemeVersions } from '@pos/core';
import { App, Button, Descriptions, Drawer, Empty, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable, shanghaiTime } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/**
 * Reward schemes (达标奖励) as versions of a product policy: the list of policies, each policy's
 * scheme versions (who saved which, when) and a form saving the next version. A saved version
 * applies to terminals activated from then on; activated ones keep the version frozen on them.
 */
export default function RewardSchemesPage() {
  const { t, L } = useI18n();
  const ref = useRef<ActionType | undefined>(undefined);
  const [open, setOpen] = useState<AdminPolicy | null>(null);
  const columns: ProColumns<AdminPolicy>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    { title: t('policies'), dataIndex: 'name', search: false },
    { title: L('品牌'), dataIndex: 'brandName', search: false },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="s" onClick={() => setOpen(r)} data-testid={`scheme-policy-${r.id}`}>
          {L('达标奖励方案')}
        </a>,
      ],
    },
  ];
  return (
    <>
      <KeysetTable<AdminPolicy>
        actionRef={ref}
        headerTitle={t('rewardSchemes')}
        path="/policies"
        rowKey="id"
        fileName="reward-scheme-policies"
        exportable={false}
        columns={columns}
      />
      {open && <SchemeDrawer policy={open} onClose={() => setOpen(null)} />}
    </>
  );
}

const CARD_OPTIONS = (L: (zh: string) => string) => [
  { value: 1, label: L('贷记卡') },
  { value: 2, label: L('借记卡') },
  { value: 0, label: L('扫码') },
];

interface FormValues {
  unit: 'day' | 'month';
  measure: 'volume' | 'count';
  cardTypes: number[];
  minTradeYuan: number;
  maxTradeYuan?: number | null;
  missEnds: boolean;
  genuineMinYuan: number;
  genuineCardTypes: number[];
  stages: { length: number; target: number; rewards: string }[];
}

const toFen = (yuanValue: number) => Math.round(yuanValue * 100);

function toTerms(v: FormValues): RewardSchemeTerms {
  return {
    unit: v.unit,
    measure: v.measure,
    cardTypes: v.cardTypes,
    minTradeFen: toFen(v.minTradeYuan ?? 0),
    maxTradeFen: v.maxTradeYuan == null ? null : toFen(v.maxTradeYuan),
    missEnds: v.missEnds ?? false,
    stages: (v.stages ?? []).map((s) => ({
      length: s.length,
      target: v.measure === 'volume' ? toFen(s.target) : s.target,
      rewardsByLevelFen: String(s.rewards ?? '')
        .split(/[,，\s]+/)
        .filter(Boolean)
        .map((x) => toFen(Number(x))),
    })),
    genuine: { minTradeFen: toFen(v.genuineMinYuan ?? 0), cardTypes: v.genuineCardTypes },
  };
}

function toForm(terms: RewardSchemeTerms | null | undefined): Partial<FormValues> {
  if (!terms) {
    return {
      unit: 'month',
      measure: 'volume',
      cardTypes: [1, 2],
      minTradeYuan: 10,
      missEnds: false,
      genuineMinYuan: 100,
      genuineCardTypes: [1, 2],
      stages: [{ length: 1, target: 5000, rewards: '30,50,80' }],
    };
  }
  return {
    unit: terms.unit,
    measure: terms.measure,
    cardTypes: terms.cardTypes,
    minTradeYuan: terms.minTradeFen / 100,
    maxTradeYuan: terms.maxTradeFen === null ? null : terms.maxTradeFen / 100,
    missEnds: terms.missEnds,
    genuineMinYuan: terms.genuine.minTradeFen / 100,
    genuineCardTypes: terms.genuine.cardTypes,
    stages: terms.stages.map((s) => ({
      length: s.length,
      target: terms.measure === 'volume' ? s.target / 100 : s.target,
      rewards: s.rewardsByLevelFen.map((f) => (f / 100).toString()).join(','),
    })),
  };
}

function SchemeDrawer({ policy, onClose }: { policy: AdminPolicy; onClose: () => void }) {
  const { L } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const [data, setData] = useState<SchemeVersions | null>(null);
  const [editing, setEditing] = useState(false);
  const load = () =>
    void api<SchemeVersions>(`/reward-schemes?policyId=${policy.id}`).then(setData);
  useEffect(load, [policy.id]);
  const current = data?.versions[0];
  const units = { day: L('按天'), month: L('按自然月') };
  const cards = (list: number[]) =>
    list.map((c) => CARD_OPTIONS(L).find((o) => o.value === c)?.label ?? c).join(' / ');
  return (
    <Drawer
      open
      width={760}
      title={`${L('达标奖励方案')} · ${policy.name}`}
      onClose={onClose}
      extra={
        can('policy:manage') && (
          <Button type="primary" onClick={() => setEditing(true)} data-testid="scheme-new-version">
            {L('新版本')}
          </Button>
        )
      }
    >
      {!data ? null : !current ? (
        <Empty description={L('暂无方案')} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            title={`${L('版本')} V${current.version}${current.terms ? '' : ` ${L('（已停用）')}`}`}
            data-testid="scheme-current"
          >
            {current.terms && (
              <>
                <Descriptions.Item label={L('计期单位')}>
                  {units[current.terms.unit]}
                </Descriptions.Item>
                <Descriptions.Item label={L('考核口径')}>
                  {current.terms.measure === 'volume' ? L('交易额') : L('交易笔数')}
                </Descriptions.Item>
                <Descriptions.Item label={L('卡类型')}>
                  {cards(current.terms.cardTypes)}
                </Descriptions.Item>
                <Descriptions.Item label={L('未达标即终止')}>
                  {current.terms.missEnds ? '✓' : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={L('最低单笔金额(元)')}>
                  {yuan(current.terms.minTradeFen)}
                </Descriptions.Item>
                <Descriptions.Item label={L('最高单笔金额(元)')}>
                  {current.terms.maxTradeFen === null ? L('不限') : yuan(current.terms.maxTradeFen)}
                </Descriptions.Item>
                <Descriptions.Item label={L('真实激活最低单笔(元)')}>
                  {yuan(current.terms.genuine.minTradeFen)}
                </Descriptions.Item>
                <Descriptions.Item label={L('真实激活卡类型')}>
                  {cards(current.terms.genuine.cardTypes)}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          {current.terms && (
            <Table
              style={{ marginTop: 16 }}
              size="small"
              pagination={false}
              rowKey={(_, i) => String(i)}
              dataSource={current.terms.stages.map((s, i) => ({ ...s, n: i + 1 }))}
              columns={[
                { title: L('阶段'), dataIndex: 'n' },
                { title: L('时长(天/月)'), dataIndex: 'length' },
                {
                  title: L('目标(元或笔)'),
                  dataIndex: 'target',
                  render: (v: number) =>
                    current.terms!.measure === 'volume' ? yuan(v) : String(v),
                },
                {
                  title: L('各级奖励(元，V1,V2,…)'),
                  dataIndex: 'rewardsByLevelFen',
                  render: (v: number[]) => v.map((f) => yuan(f)).join(' / '),
                },
              ]}
            />
          )}
        </>
      )}
      {data && data.versions.length > 0 && (
        <Table
          style={{ marginTop: 24 }}
          title={() => L('方案版本')}
          size="small"
          pagination={false}
          rowKey="version"
          dataSource={data.versions}
          columns={[
            {
              title: L('版本'),
              dataIndex: 'version',
              render: (v: number, r) => (
                <>
                  V{v} {r.terms ? null : <Tag>{L('（已停用）')}</Tag>}
                </>
              ),
            },
            { title: L('操作员'), dataIndex: 'operatorName', render: (v) => v ?? '—' },
            { title: L('保存时间'), dataIndex: 'createdAt', render: (v) => shanghaiTime(v) },
          ]}
        />
      )}
      <ModalForm<FormValues>
        title={`${L('保存为新版本')} · ${policy.name}`}
        open={editing}
        width={720}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(false) }}
        initialValues={toForm(current?.terms)}
        submitter={{
          searchConfig: { submitText: L('保存为新版本') },
          render: (_, dom) => [
            current?.terms && (
              <Button
                key="off"
                danger
                onClick={async () => {
                  await api('/reward-schemes/save', {
                    body: { policyId: policy.id, baseVersion: current.version, terms: null },
                  });
                  setEditing(false);
                  load();
                }}
              >
                {L('停用方案')}
              </Button>
            ),
            ...dom,
          ],
        }}
        onFinish={async (v) => {
          const saved = await api<{ version: number }>('/reward-schemes/save', {
            body: {
              policyId: policy.id,
              baseVersion: current?.version ?? 0,
              terms: toTerms(v),
            },
          });
          void message.success(`${L('版本')} V${saved.version}`);
          setEditing(false);
          load();
          return true;
        }}
      >
        <p>{L('保存后仅对之后激活的终端生效，已激活终端沿用激活时冻结的版本。')}</p>
        <ProFormSelect
          name="unit"
          label={L('计期单位')}
          options={[
            { value: 'day', label: units.day },
            { value: 'month', label: units.month },
          ]}
          rules={[{ required: true }]}
        />
        <ProFormSelect
          name="measure"
          label={L('考核口径')}
          options={[
            { value: 'volume', label: L('交易额') },
            { value: 'count', label: L('交易笔数') },
          ]}
          rules={[{ required: true }]}
        />
        <ProFormCheckbox.Group
          name="cardTypes"
          label={L('卡类型')}
          options={CARD_OPTIONS(L)}
          rules={[{ required: true }]}
        />
        <ProFormDigit
          name="minTradeYuan"
          label={L('最低单笔金额(元)')}
          min={0}
          fieldProps={{ precision: 2 }}
        />
        <ProFormDigit
          name="maxTradeYuan"
          label={L('最高单笔金额(元)')}
          min={0}
          placeholder={L('不限')}
          fieldProps={{ precision: 2 }}
        />
        <ProFormSwitch name="missEnds" label={L('未达标即终止')} />
        <ProFormList
          name="stages"
          label={L('阶段')}
          min={1}
          max={24}
          creatorButtonProps={{ creatorButtonText: L('阶段') }}
        >
          <ProFormDigit
            name="length"
            label={L('时长(天/月)')}
            min={1}
            max={366}
            rules={[{ required: true }]}
          />
          <ProFormDigit
            name="target"
            label={L('目标(元或笔)')}
            min={0.01}
            rules={[{ required: true }]}
          />
          <ProFormText
            name="rewards"
            label={L('各级奖励(元，V1,V2,…)')}
            rules={[{ required: true }]}
          />
        </ProFormList>
        <ProFormDigit
          name="genuineMinYuan"
          label={L('真实激活最低单笔(元)')}
          min={0}
          fieldProps={{ precision: 2 }}
        />
        <ProFormCheckbox.Group
          name="genuineCardTypes"
          label={L('真实激活卡类型')}
          options={CARD_OPTIONS(L)}
          rules={[{ required: true }]}
        />
      </ModalForm>
    </Drawer>
  );
}
