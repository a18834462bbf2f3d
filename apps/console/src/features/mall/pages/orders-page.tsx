import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  mallOrderStatusOptions,
  orderPayTypeOptions,
  shippingPayWayOptions,
  type AdminMallOrder,
} from '@pos/core';
import { App, Form, Input, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { ShipModal } from '../components/ship-modal';

const STATUS_COLOR = ['gold', 'blue', 'cyan', 'green', 'default', 'default'];

/**
 * Mall orders by state. A paid order ships by SN list from the platform's stock (the terminals
 * land in the buyer's stock at once); one not yet shipped can be cancelled, a paid one refunded.
 */
export default function MallOrdersPage() {
  const { L, lang } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [shipping, setShipping] = useState<AdminMallOrder | null>(null);
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const label = (
    options: readonly { value: number; zh: string; en: string }[],
    v: number | null,
  ) => (v === null ? '—' : (options.find((o) => o.value === v)?.[lang] ?? String(v)));

  const cancel = (o: AdminMallOrder) => {
    cancelForm.resetFields();
    modal.confirm({
      title: `${o.status === 1 ? L('取消并退款') : L('取消订单')} · ${o.orderNo}`,
      content: (
        <Form form={cancelForm} layout="vertical">
          <p>
            {L('买家')}：{o.agentName}（{o.agentMobile}）· {o.summary}
          </p>
          {o.status === 1 && (
            <p data-testid="refund-note">
              {L('货款')} ¥{yuan(o.totalFen)} {L('将原路退回')}：
              {label(orderPayTypeOptions, o.payType)}
            </p>
          )}
          <Form.Item name="reason" label={L('原因')}>
            <Input maxLength={200} data-testid="cancel-reason" />
          </Form.Item>
        </Form>
      ),
      onOk: async () => {
        try {
          await api('/mall/orders/cancel', {
            body: { id: o.id, reason: cancelForm.getFieldValue('reason') ?? '' },
            quiet: true,
          });
          void message.success(
            o.status === 1
              ? `${L('已取消并退款')}：${o.orderNo} · ¥${yuan(o.totalFen)} → ${o.agentName}`
              : `${L('已取消')}：${o.orderNo}`,
          );
          void ref.current?.reload();
        } catch (err) {
          if (err instanceof ApiError)
            cancelForm.setFields([{ name: 'reason', errors: [err.message] }]);
          throw err;
        }
      },
    });
  };

  const columns: ProColumns<AdminMallOrder>[] = [
    {
      title: L('状态'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        mallOrderStatusOptions.map((o) => [o.value, { text: o[lang] }]),
      ),
      render: (_, o) => (
        <Tag color={STATUS_COLOR[o.status]}>{label(mallOrderStatusOptions, o.status)}</Tag>
      ),
    },
    { title: L('订单号'), dataIndex: 'orderNo' },
    { title: L('代理商'), dataIndex: 'agentName', search: false },
    { title: L('商品'), dataIndex: 'summary', search: false, ellipsis: true, width: 200 },
    {
      title: L('金额'),
      dataIndex: 'totalFen',
      search: false,
      render: (_, o) => `¥${yuan(o.totalFen)}`,
    },
    {
      title: L('支付方式'),
      dataIndex: 'payType',
      search: false,
      render: (_, o) => label(orderPayTypeOptions, o.payType),
    },
    {
      title: L('配送方式'),
      dataIndex: 'shippingWay',
      search: false,
      render: (_, o) => label(shippingPayWayOptions, o.shippingWay),
    },
    { title: L('收货地址'), dataIndex: 'address', search: false, ellipsis: true, width: 200 },
    {
      title: L('快递'),
      dataIndex: 'waybillNo',
      search: false,
      ellipsis: true,
      width: 160,
      render: (_, o) => (o.waybillNo ? `${o.courier ?? ''} ${o.waybillNo}` : '—'),
    },
    { title: L('下单时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
    {
      title: L('操作'),
      valueType: 'option',
      render: (_, o) =>
        can('mall:manage')
          ? [
              o.status === 1 && (
                <a key="ship" onClick={() => setShipping(o)} data-testid={`ship-${o.id}`}>
                  {L('发货')}
                </a>
              ),
              (o.status === 0 || o.status === 1) && (
                <a key="cancel" onClick={() => cancel(o)} data-testid={`cancel-${o.id}`}>
                  {L('取消')}
                </a>
              ),
            ].filter(Boolean)
          : [],
    },
  ];
  return (
    <>
      <KeysetTable<AdminMallOrder>
        actionRef={ref}
        headerTitle={L('商城订单')}
        path="/mall/orders"
        rowKey="id"
        fileName="mall-orders"
        columns={columns}
      />
      {shipping && (
        <ShipModal
          key={shipping.id}
          order={shipping}
          onClose={() => setShipping(null)}
          onShipped={() => void ref.current?.reload()}
        />
      )}
    </>
  );
}
