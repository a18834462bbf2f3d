import {
  ModalForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  type ProFormInstance,
} from '@ant-design/pro-components';
import {
  ppmToPercentText,
  taxAtLabel,
  taxAtOptions,
  walletTypeLabel,
  type TaxChannel,
  type TaxChannelChange,
  type TaxChannelList,
  type TaxChannelProposal,
} from '@pos/core';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { ChangesTable, useDecideDialog } from '@/components/changes-table';
import { ApiError, api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

interface FormValues {
  code: string;
  name: string;
  walletType: 'profit' | 'reward';
  /** Percent as typed (6 = 6%); the server takes ppm. */
  vatPct: number;
  pitPct: number;
  /** Yuan as typed; the server takes fen. */
  feeYuan: number;
  taxAt: 'payout' | 'request';
  enabled: boolean;
}

const WALLETS = ['profit', 'reward'] as const;
/** 6.5 (%) -> 65000 ppm, and back; whole ppm, without a float's tail. */
const toPpm = (pct: number) => Math.round(pct * 10_000);
const toFen = (y: number) => Math.round(y * 100);
const FIELDS: Record<string, keyof FormValues> = {
  vatPpm: 'vatPct',
  pitPpm: 'pitPct',
  feeFen: 'feeYuan',
};

/**
 * Tax channels (decision 034): the fee, VAT and personal income tax a withdrawal from each wallet
 * pays, and whether the taxes leave at request or at payout. A change is a proposal; another,
 * independent operator approves it, and only requests made after that pay the new terms.
 */
export default function TaxChannelsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const decideDialog = useDecideDialog();
  const [data, setData] = useState<TaxChannelList>({ items: [], changes: [] });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<TaxChannel | 'new' | null>(null);
  const form = useRef<ProFormInstance<FormValues>>(undefined);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api<TaxChannelList>('/tax-channels'));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const terms = (p: Pick<TaxChannelProposal, 'feeFen' | 'vatPpm' | 'pitPpm' | 'taxAt'>) =>
    `${L('手续费')} ${yuan(p.feeFen)} · ${L('增值税')} ${ppmToPercentText(p.vatPpm)} · ` +
    `${L('个税')} ${ppmToPercentText(p.pitPpm)} · ${taxAtLabel(p.taxAt, lang)}`;
  const describe = (p: TaxChannelProposal) =>
    `${p.name} (${walletTypeLabel(p.walletType, lang)}) ${terms(p)}${p.enabled ? '' : ` · ${L('停用')}`}`;

  const beforeAndAfter = (c: TaxChannelChange) => (
    <>
      {c.before && (
        <div>
          {L('原')} {describe(c.before)}
        </div>
      )}
      <div>
        {L('新')} {describe(c.proposal)}
      </div>
    </>
  );
  const decide = (c: TaxChannelChange, approve: boolean) =>
    decideDialog({
      title: `${approve ? L('通过') : L('驳回')} #${c.id} · ${c.code}`,
      content: (
        <>
          {beforeAndAfter(c)}
          <div>{L('已提交的提现仍按提交时的通道计算')}</div>
        </>
      ),
      askReason: !approve,
      reasonTestId: 'tax-change-reason',
      okTestId: 'confirm-tax-decide',
      run: (reason) => api('/tax-channels/changes/decide', { body: { id: c.id, approve, reason } }),
      done: approve ? L('税务通道变更已生效') : L('税务通道变更已驳回'),
      after: load,
    });

  const initial = editing && editing !== 'new' ? editing : null;
  const manage = can('tax_channel:manage');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('taxChannels')}
        extra={
          manage ? (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="new-tax-channel">
              {L('新增税务通道')}
            </Button>
          ) : null
        }
      >
        <Table<TaxChannel>
          rowKey="id"
          loading={loading}
          dataSource={data.items}
          pagination={false}
          locale={{ emptyText: L('暂无税务通道') }}
          footer={() => `${L('共')} ${data.items.length}`}
          columns={[
            { title: L('通道编码'), dataIndex: 'code' },
            { title: L('名称'), dataIndex: 'name' },
            { title: L('钱包'), render: (_, c) => walletTypeLabel(c.walletType, lang) },
            { title: L('手续费'), render: (_, c) => yuan(c.feeFen) },
            { title: L('增值税'), render: (_, c) => ppmToPercentText(c.vatPpm) },
            { title: L('个税'), render: (_, c) => ppmToPercentText(c.pitPpm) },
            { title: L('扣税时点'), render: (_, c) => taxAtLabel(c.taxAt, lang) },
            {
              title: t('status'),
              render: (_, c) =>
                c.enabled ? <Tag color="green">{L('启用')}</Tag> : <Tag>{L('停用')}</Tag>,
            },
            { title: L('版本'), dataIndex: 'version' },
            {
              title: t('actions'),
              render: (_, c) =>
                manage ? (
                  <a onClick={() => setEditing(c)} data-testid={`edit-tax-channel-${c.code}`}>
                    {L('修改')}
                  </a>
                ) : null,
            },
          ]}
        />
      </Card>
      <ChangesTable<TaxChannelChange>
        title={L('税务通道变更')}
        rows={data.changes}
        loading={loading}
        emptyText={L('暂无变更')}
        subject={{ title: L('通道编码'), render: (c) => c.code }}
        content={(c) => <div data-testid={`tax-change-${c.id}`}>{beforeAndAfter(c)}</div>}
        allowed={manage}
        onDecide={decide}
        approveTestId={(c) => `approve-tax-change-${c.id}`}
        rejectTestId={(c) => `reject-tax-change-${c.id}`}
      />
      <ModalForm<FormValues>
        key={initial?.code ?? 'new'}
        formRef={form}
        title={initial ? `${L('修改')} ${initial.code}` : L('新增税务通道')}
        open={editing !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={
          initial
            ? {
                code: initial.code,
                name: initial.name,
                walletType: initial.walletType as FormValues['walletType'],
                vatPct: initial.vatPpm / 10_000,
                pitPct: initial.pitPpm / 10_000,
                feeYuan: initial.feeFen / 100,
                taxAt: initial.taxAt as FormValues['taxAt'],
                enabled: initial.enabled,
              }
            : { enabled: true, taxAt: 'payout', vatPct: 0, pitPct: 0, feeYuan: 0 }
        }
        onFinish={async (v) => {
          try {
            const created = await api<{ id: number }>('/tax-channels/propose', {
              body: {
                code: v.code,
                name: v.name,
                walletType: v.walletType,
                vatPpm: toPpm(v.vatPct),
                pitPpm: toPpm(v.pitPct),
                feeFen: toFen(v.feeYuan),
                taxAt: v.taxAt,
                enabled: v.enabled,
              },
            });
            void message.success(`${L('税务通道变更已提交复核')} #${created.id}`);
          } catch (err) {
            // The server names the field: the message goes beside it.
            if (err instanceof ApiError && err.field) {
              const name = FIELDS[err.field] ?? (err.field as keyof FormValues);
              form.current?.setFields([{ name, errors: [err.message] }]);
            }
            return false;
          }
          setEditing(null);
          await load();
          return true;
        }}
      >
        <ProFormText
          name="code"
          label={L('通道编码')}
          disabled={Boolean(initial)}
          rules={[{ required: true }]}
        />
        <ProFormText name="name" label={L('名称')} rules={[{ required: true }]} />
        <ProFormSelect
          name="walletType"
          label={L('钱包')}
          disabled={Boolean(initial)}
          options={WALLETS.map((w) => ({ value: w, label: walletTypeLabel(w, lang) }))}
          rules={[{ required: true }]}
        />
        <ProFormDigit
          name="feeYuan"
          label={`${L('手续费')}（${L('元/笔')}）`}
          min={0}
          fieldProps={{ precision: 2 }}
          rules={[{ required: true }]}
        />
        <ProFormDigit
          name="vatPct"
          label={`${L('增值税')}（%）`}
          min={0}
          fieldProps={{ precision: 4 }}
          rules={[{ required: true }]}
        />
        <ProFormDigit
          name="pitPct"
          label={`${L('个税')}（%）`}
          min={0}
          fieldProps={{ precision: 4 }}
          rules={[{ required: true }]}
        />
        <ProFormSelect
          name="taxAt"
          label={L('扣税时点')}
          options={taxAtOptions.map((o) => ({ value: o.value, label: o[lang] }))}
          rules={[{ required: true }]}
        />
        <ProFormSwitch
          name="enabled"
          label={L('启用')}
          extra={L('启用即替换该钱包当前的税务通道')}
        />
      </ModalForm>
    </Space>
  );
}
