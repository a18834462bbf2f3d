import {
  parseSnList,
  parseSnRange,
  snRuns,
  type AdminMallOrder,
  type MallShippableModel,
} from '@pos/core';
import { Alert, App, AutoComplete, Button, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** Couriers offered while typing; any other name may be typed. */
const COURIERS = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '京东物流',
  'EMS',
  '极兔速递',
];

interface Values {
  mode: 'list' | 'range';
  sns?: string;
  startSn?: string;
  endSn?: string;
  courier?: string;
  waybillNo?: string;
}

/**
 * Shipping a paid order (issue 28 point 8): the platform's unallocated SNs of each model the order
 * bought are listed to pick from (by list or range), the count is checked against the order
 * before anything is sent, the courier and waybill number are required, and a last confirmation
 * names how many SNs go to whom with which waybill. The server checks all of it again.
 */
export function ShipModal(props: {
  order: AdminMallOrder;
  onClose: () => void;
  onShipped: () => void;
}) {
  const { L } = useI18n();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [models, setModels] = useState<MallShippableModel[] | null>(null);
  const [sending, setSending] = useState(false);
  const o = props.order;
  const mode = Form.useWatch('mode', form) ?? 'list';
  const snsText = Form.useWatch('sns', form) ?? '';
  const startSn = Form.useWatch('startSn', form) ?? '';
  const endSn = Form.useWatch('endSn', form) ?? '';

  useEffect(() => {
    void api<MallShippableModel[]>(`/mall/orders/shippable?id=${o.id}`).then(setModels);
  }, [o.id]);

  const list = parseSnList(snsText);
  const range = parseSnRange(startSn, endSn);
  let chosen = 0;
  if (mode === 'list') chosen = list.ok ? list.value.length : 0;
  else chosen = range.ok ? range.value.count : 0;

  const fillFirst = () => {
    const picked = (models ?? []).flatMap((m) => m.sns.slice(0, m.quantity));
    form.setFieldsValue({ mode: 'list', sns: picked.join('\n') });
  };
  const addSn = (sn: string) => {
    const have = list.ok ? list.value : [];
    if (!have.includes(sn)) form.setFieldsValue({ mode: 'list', sns: [...have, sn].join('\n') });
  };

  const submit = async () => {
    const v = await form.validateFields();
    let selection: { sns: string[] } | { startSn: string; endSn: string };
    let what: string;
    const countField = v.mode === 'list' ? 'sns' : 'startSn';
    if (v.mode === 'list') {
      const l = parseSnList(v.sns ?? '');
      if (!l.ok) return form.setFields([{ name: 'sns', errors: [l.error] }]);
      selection = { sns: l.value };
      what = snRuns(l.value)
        .map((r) => (r.count === 1 ? r.first : `${r.first} ~ ${r.last}`))
        .join('、');
    } else {
      const r = parseSnRange(v.startSn ?? '', v.endSn ?? '');
      if (!r.ok) return form.setFields([{ name: 'startSn', errors: [r.error] }]);
      selection = { startSn: r.value.startSn, endSn: r.value.endSn };
      what = `${r.value.startSn} ~ ${r.value.endSn}`;
    }
    if (chosen !== o.quantity) {
      return form.setFields([
        {
          name: countField,
          errors: [
            `${L('订单共')} ${o.quantity} ${L('台')}，${L('所选SN有')} ${chosen} ${L('台')}`,
          ],
        },
      ]);
    }
    const go = await modal.confirm({
      title: `${L('确认发货')} · ${o.orderNo}`,
      width: 560,
      content: (
        <div data-testid="ship-confirm">
          <p>
            {L('发往')}：{o.agentName}（{o.agentMobile}）
          </p>
          <p>{o.address}</p>
          <p>
            {L('终端')}：{chosen} {L('台')} · {what}
          </p>
          <p>
            {L('快递公司')}：{v.courier} · {L('运单号')}：{v.waybillNo}
          </p>
          <p>{L('发货后终端立即进入买家的库存，不能撤回。')}</p>
        </div>
      ),
      okText: L('确认发货'),
      okButtonProps: { 'data-testid': 'ship-confirm-ok' } as Record<string, string>,
    });
    if (!go) return;
    setSending(true);
    try {
      const done = await api<{ count: number }>('/mall/orders/ship', {
        body: { id: o.id, ...selection, courier: v.courier, waybillNo: v.waybillNo },
        quiet: true,
      });
      void message.success(
        `${L('已发货')}：${done.count} ${L('台')} → ${o.agentName} · ${v.courier} ${v.waybillNo}`,
      );
      props.onShipped();
      props.onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const field = err.field === 'courier' || err.field === 'waybillNo' ? err.field : countField;
      form.setFields([{ name: field, errors: [err.message] }]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={`${L('发货')} · ${o.orderNo}`}
      width={720}
      onCancel={props.onClose}
      okText={L('发货')}
      okButtonProps={{
        disabled: chosen !== o.quantity,
        ...({ 'data-testid': 'ship-ok' } as object),
      }}
      confirmLoading={sending}
      onOk={() => void submit()}
    >
      <p>
        {o.summary} · {o.agentName}（{o.agentMobile}）
      </p>
      <p style={{ color: '#888' }}>{o.address}</p>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="ship-available">
        {models === null
          ? L('加载中…')
          : models.map((m) => (
              <Alert
                key={`${m.brandId}-${m.model}`}
                type={m.available >= m.quantity ? 'info' : 'warning'}
                message={`${m.brandName} ${m.model}：${L('应发')} ${m.quantity} ${L('台')} · ${L('平台可用')} ${m.available} ${L('台')}`}
                description={
                  <div style={{ maxHeight: 120, overflowY: 'auto' }}>
                    {m.sns.map((sn) => (
                      <Tag key={sn} style={{ cursor: 'pointer' }} onClick={() => addSn(sn)}>
                        {sn}
                      </Tag>
                    ))}
                    {m.available > m.sns.length && <span>… +{m.available - m.sns.length}</span>}
                  </div>
                }
              />
            ))}
      </Space>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'list' }}
        style={{ marginTop: 12 }}
      >
        <Form.Item name="mode">
          <Radio.Group
            options={[
              { value: 'list', label: L('SN列表') },
              { value: 'range', label: L('号段') },
            ]}
            optionType="button"
          />
        </Form.Item>
        {mode === 'list' ? (
          <Form.Item
            name="sns"
            label={L('SN列表（每行一个）')}
            extra={
              <Space>
                {L('点选上方的可用SN，或')}
                <Button size="small" onClick={fillFirst} data-testid="ship-fill">
                  {L('按型号填入前几个可用SN')}
                </Button>
              </Space>
            }
          >
            <Input.TextArea rows={5} data-testid="ship-sns" />
          </Form.Item>
        ) : (
          <Space align="start">
            <Form.Item name="startSn" label={L('起始SN')}>
              <Input data-testid="ship-start" />
            </Form.Item>
            <Form.Item name="endSn" label={L('结束SN')}>
              <Input data-testid="ship-end" />
            </Form.Item>
          </Space>
        )}
        <p
          data-testid="ship-count"
          style={{ color: chosen === o.quantity ? '#389e0d' : '#cf1322' }}
        >
          {L('已选')} {chosen} {L('台')} / {L('应发')} {o.quantity} {L('台')}
        </p>
        <Space align="start" wrap>
          <Form.Item
            name="courier"
            label={L('快递公司')}
            rules={[{ required: true, whitespace: true, message: L('请填写快递公司') }]}
          >
            <AutoComplete
              style={{ width: 200 }}
              options={COURIERS.map((c) => ({ value: c }))}
              data-testid="ship-courier"
            />
          </Form.Item>
          <Form.Item
            name="waybillNo"
            label={L('运单号')}
            rules={[{ required: true, whitespace: true, message: L('请填写运单号') }]}
          >
            <Input style={{ width: 240 }} maxLength={40} data-testid="ship-waybill" />
          </Form.Item>
        </Space>
        <p style={{ color: '#888' }}>{L('从平台库存中发出，发货后终端立即进入买家的库存。')}</p>
      </Form>
    </Modal>
  );
}
