import {
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  formatDate,
  formatMoney,
  mallCombinationError,
  orderPayTypeOptions,
} from '@pos/core';
import { Button, Dialog, List, Popup, Steps, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useQueryParam } from '@/lib/routing';
import { PayPasswordInput } from '@/features/withdrawals/components/pay-password-input';
import { useMallWallet } from '../api/catalog';
import { mallKeys } from '../api/keys';
import { useCancelOrder, useMallOrder, useReceiveOrder } from '../api/orders';
import { AddressCard } from '../components/address-card';
import { useMallLabels } from '../components/labels';
import { OrderAmount } from '../components/order-card';
import { needsPayPassword, PayTypeSelector, usePayFlow } from '../components/pay-flow';
import '../i18n';
import '../mall.css';

const time = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-mm-dd hh:MM') : '');

/**
 * An order (/pages/mall/order-detail?id=): its progress, address, lines and amounts, the SNs
 * shipped; pay, cancel (a paid order is refunded to where the money came from) or confirm receipt.
 */
export default function MallOrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useMallLabels();
  const id = Number(useQueryParam('id'));
  const idOk = Number.isInteger(id) && id > 0;
  const q = useMallOrder(idOk ? id : 0);
  const wallet = useMallWallet();
  const cancel = useCancelOrder();
  const receive = useReceiveOrder();
  const payFlow = usePayFlow();
  const [paying, setPaying] = useState(false);
  const [snsOpen, setSnsOpen] = useState(false);
  const [payType, setPayType] = useState<number>(ORDER_PAY_TYPE.GOODS_BALANCE);
  const [password, setPassword] = useState('');
  const gate = recordGate(idOk, q, '/pages/mall/orders');
  const o = q.data;

  const openPay = () => {
    if (!o) return;
    // Start from the pay type chosen at the order, else the first that goes with its shipping way.
    const allowed = orderPayTypeOptions
      .map((x) => x.value as number)
      .filter((p) => p !== ORDER_PAY_TYPE.FREE_CLAIM && !mallCombinationError(o.shippingWay, p));
    setPayType(o.payType !== null && allowed.includes(o.payType) ? o.payType : allowed[0]!);
    setPassword('');
    setPaying(true);
  };

  const pay = async () => {
    if (!o) return;
    if (needsPayPassword(payType) && !/^\d{6}$/.test(password)) {
      Toast.show(t('mall.payPasswordRequired'));
      return;
    }
    setPaying(false);
    await payFlow(o, payType, password);
  };

  const doCancel = async () => {
    if (!o) return;
    const paid = o.status === MALL_ORDER_STATUS.PAID && o.payType !== ORDER_PAY_TYPE.FREE_CLAIM;
    const go = await Dialog.confirm({
      content: (
        <div data-testid="cancel-confirm">
          {paid
            ? t('mall.cancelRefund', {
                amount:
                  o.payType === ORDER_PAY_TYPE.POINTS
                    ? `${o.totalFen.toLocaleString()} ${t('mall.points')}`
                    : `¥${formatMoney(o.totalFen)}`,
                to: labels.payType(o.payType),
              })
            : t('mall.cancelConfirm')}
        </div>
      ),
      confirmText: t('mall.cancelOrder'),
    });
    if (!go) return;
    try {
      await cancel.mutateAsync({ id: o.id });
      Toast.show({ icon: 'success', content: t('mall.cancelled') });
    } catch {
      // shown by the API client
    }
  };

  const doReceive = async () => {
    if (!o || !(await Dialog.confirm({ content: t('mall.receiveConfirm') }))) return;
    try {
      await receive.mutateAsync({ id: o.id });
      Toast.show({ icon: 'success', content: t('mall.received') });
    } catch {
      // shown by the API client
    }
  };

  const steps = o
    ? [
        { title: t('mall.createdAt'), at: o.createdAt },
        { title: t('mall.paidAt'), at: o.paidAt },
        ...(o.cancelledAt
          ? [{ title: labels.status(o.status), at: o.cancelledAt }]
          : [
              { title: t('mall.shippedAt'), at: o.shippedAt },
              { title: t('mall.receivedAt'), at: o.receivedAt },
            ]),
      ]
    : [];
  const current = steps.reduce((last, s, i) => (s.at ? i : last), 0);
  const closed =
    o?.status === MALL_ORDER_STATUS.CANCELLED || o?.status === MALL_ORDER_STATUS.REFUNDED;

  return (
    <Page title={t('mall.orderDetail')} className="mall-page" backTo="/pages/mall/orders">
      {gate ??
        (o && (
          <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: mallKeys.order(o.id) })}>
            <section className={`mall-order-hero mall-status-bg-${o.status}`}>
              <div className="mall-order-hero-status" data-testid="order-status">
                {labels.status(o.status)}
              </div>
              {o.status === MALL_ORDER_STATUS.PENDING_PAYMENT && (
                <div>{t('mall.payBefore', { time: time(o.expiresAt) })}</div>
              )}
              {o.cancelReason && (
                <div>
                  {t('mall.cancelReason')}：{o.cancelReason}
                </div>
              )}
            </section>
            <section className="mall-block" aria-label={t('mall.stepTimeline')}>
              <Steps direction="vertical" current={current}>
                {steps.map((s, i) => (
                  <Steps.Step
                    key={s.title}
                    title={s.title}
                    description={time(s.at)}
                    status={s.at ? (closed && i === steps.length - 1 ? 'error' : 'finish') : 'wait'}
                  />
                ))}
              </Steps>
            </section>
            <section className="mall-block">
              <AddressCard address={o.address} />
            </section>
            <List className="mall-block">
              {o.items.map((i) => (
                <List.Item
                  key={i.productId}
                  description={`${i.model} · ¥${formatMoney(i.unitPriceFen)}${t('mall.perUnit')} × ${i.quantity}`}
                  extra={`¥${formatMoney(i.amountFen)}`}
                >
                  {i.name}
                </List.Item>
              ))}
            </List>
            <List className="mall-block mall-amounts" data-testid="order-amounts">
              <List.Item extra={`¥${formatMoney(o.goodsFen)}`}>{t('mall.goodsAmount')}</List.Item>
              <List.Item extra={`¥${formatMoney(o.shippingFen)}`}>
                {t('mall.postage')}（{labels.shipping(o.shippingWay)}）
              </List.Item>
              {o.discountFen > 0 && (
                <List.Item extra={`-¥${formatMoney(o.discountFen)}`}>
                  {t('mall.freeDiscount')}
                </List.Item>
              )}
              <List.Item
                extra={
                  <span className="mall-price" data-testid="order-total">
                    <OrderAmount order={o} />
                  </span>
                }
              >
                {t('mall.total')}
                {o.payType !== null && `（${labels.payType(o.payType)}）`}
              </List.Item>
              <List.Item extra={o.orderNo}>{t('mall.orderNo')}</List.Item>
            </List>
            {(o.courier || o.waybillNo) && (
              <List className="mall-block" data-testid="order-waybill">
                <List.Item extra={o.courier}>{t('mall.courier')}</List.Item>
                <List.Item extra={<span className="mall-waybill">{o.waybillNo}</span>}>
                  {t('mall.waybillNo')}
                </List.Item>
              </List>
            )}
            {o.shippedSns.length > 0 && (
              <section className="mall-block" data-testid="shipped-sns">
                <h2 className="mall-block-title">
                  {t('mall.shippedSns', { n: o.shippedSns.length })}
                </h2>
                <div className="mall-hint">{t('mall.shippedSnsHint')}</div>
                <div className="mall-sns">
                  {o.shippedSns.map((sn) => (
                    <code key={sn}>{sn}</code>
                  ))}
                </div>
                <Button
                  size="small"
                  fill="outline"
                  color="primary"
                  onClick={() => setSnsOpen(true)}
                  data-testid="view-shipped-terminals"
                >
                  {t('mall.viewTerminals')}
                </Button>
              </section>
            )}
            <Popup
              visible={snsOpen}
              onMaskClick={() => setSnsOpen(false)}
              bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
            >
              <List
                header={t('mall.orderTerminals', { n: o.shippedSns.length })}
                data-testid="order-terminals"
              >
                {o.shippedSns.map((sn) => (
                  <List.Item
                    key={sn}
                    arrow
                    onClick={() => {
                      // Closed first, so the way back lands on the order, not on this list.
                      setSnsOpen(false);
                      navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(sn)}`);
                    }}
                  >
                    {sn}
                  </List.Item>
                ))}
              </List>
            </Popup>
            <div className="mall-bottom-bar">
              {(o.status === MALL_ORDER_STATUS.PENDING_PAYMENT ||
                o.status === MALL_ORDER_STATUS.PAID) && (
                <Button
                  fill="outline"
                  onClick={() => void doCancel()}
                  loading={cancel.isPending}
                  data-testid="cancel-order"
                >
                  {t('mall.cancelOrder')}
                </Button>
              )}
              {o.status === MALL_ORDER_STATUS.PENDING_PAYMENT && (
                <Button color="primary" onClick={openPay} data-testid="pay-order">
                  {t('mall.payNow')}
                </Button>
              )}
              {o.status === MALL_ORDER_STATUS.SHIPPED && (
                <Button
                  color="primary"
                  onClick={() => void doReceive()}
                  loading={receive.isPending}
                  data-testid="receive-order"
                >
                  {t('mall.receive')}
                </Button>
              )}
            </div>
            <Popup
              visible={paying}
              onMaskClick={() => setPaying(false)}
              bodyClassName="mall-pay-popup"
              destroyOnClose
            >
              <h2 className="mall-block-title">{t('mall.payTitle')}</h2>
              <div className="mall-pay-amount" data-testid="pay-amount">
                <OrderAmount order={o} payType={payType} />
              </div>
              <PayTypeSelector
                value={payType}
                onChange={setPayType}
                wallet={wallet.data}
                withFreeClaim={false}
                shippingWay={o.shippingWay}
              />
              {needsPayPassword(payType) && (
                <div className="mall-password">
                  <div>{t('mall.payPassword')}</div>
                  <PayPasswordInput value={password} onChange={setPassword} />
                </div>
              )}
              <Button block color="primary" onClick={() => void pay()} data-testid="pay-submit">
                {t('mall.payNow')}
              </Button>
            </Popup>
          </PullRefresh>
        ))}
    </Page>
  );
}
