import {
  ORDER_PAY_TYPE,
  SHIPPING_PAY_WAY,
  formatMoney,
  mallCombinationError,
  type MallOrder,
} from '@pos/core';
import { Button, Dialog, Empty, List, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useQueryParam } from '@/lib/routing';
import { PayPasswordInput } from '@/features/withdrawals/components/pay-password-input';
import { useAddresses } from '../api/addresses';
import { useMallWallet } from '../api/catalog';
import { useCreateOrder, useQuote } from '../api/orders';
import { cart, MAX_LINES, MAX_QTY, type CartLine } from '../cart';
import { AddressCard } from '../components/address-card';
import { useMallLabels } from '../components/labels';
import {
  needsPayPassword,
  PayTypeSelector,
  ShippingSelector,
  usePayFlow,
} from '../components/pay-flow';
import { takePickedAddress } from './address-page';
import '../i18n';
import '../mall.css';

/** Lines from the link: "12:10,13:5" (product:quantity); anything malformed leaves the list empty. */
export function parseItems(text: string | null): CartLine[] {
  if (!text) return [];
  const lines: CartLine[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,12}):(\d{1,4})$/.exec(part);
    if (!m) return [];
    const line = { productId: Number(m[1]), quantity: Number(m[2]) };
    if (line.quantity < 1 || line.quantity > MAX_QTY) return [];
    if (lines.some((l) => l.productId === line.productId)) return [];
    lines.push(line);
  }
  return lines.length <= MAX_LINES ? lines : [];
}

/**
 * Confirm an order (/pages/mall/confirm?items=id:qty,...): address, shipping way, pay type and the
 * server's totals; placing it shows what will happen and asks first, then pays the chosen way.
 */
export default function MallConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useMallLabels();
  const itemsText = useQueryParam('items');
  const fromCart = useQueryParam('from') === 'cart';
  const items = useMemo(() => parseItems(itemsText), [itemsText]);
  const addresses = useAddresses();
  const wallet = useMallWallet();
  const [picked] = useState(takePickedAddress);
  const [shippingWay, setShippingWay] = useState<number>(SHIPPING_PAY_WAY.FREE_SHIPPING);
  const [payType, setPayType] = useState<number>(ORDER_PAY_TYPE.GOODS_BALANCE);
  // Until the agent picks a pay type, the page moves to one that can pay this order.
  const [payPicked, setPayPicked] = useState(false);
  // What the page changed on its own when a choice needed it, said where the agent looks.
  const [switchNote, setSwitchNote] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [pwdError, setPwdError] = useState(false);
  const create = useCreateOrder();
  const payFlow = usePayFlow();
  const body = useMemo(
    () => (items.length ? { items, shippingWay, payType } : null),
    [items, shippingWay, payType],
  );
  const quote = useQuote(body);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === picked) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;

  const q = quote.data;
  const refusalOf = (p: number) => q?.payTypes.find((x) => x.payType === p)?.refusal ?? null;
  // The server says which pay types could pay; an unpicked page starts on the first that can.
  const preferred = [ORDER_PAY_TYPE.GOODS_BALANCE, ORDER_PAY_TYPE.WECHAT, ORDER_PAY_TYPE.ALIPAY];
  const payableFirst =
    q && !payPicked && refusalOf(payType) !== null
      ? preferred.find((p) => q.payTypes.some((x) => x.payType === p && x.refusal === null))
      : undefined;
  useEffect(() => {
    if (payableFirst !== undefined) setPayType(payableFirst);
  }, [payableFirst]);
  // While the page settles on a pay type, or shows the last answer for an earlier choice, no
  // refusal is shown: it would be about a choice no longer on screen.
  const settling = payableFirst !== undefined || quote.isPlaceholderData;

  const chooseShipping = (way: number) => {
    setShippingWay(way);
    // The shipping way decides the pay type where it carries postage; the page says so.
    const needed =
      way === SHIPPING_PAY_WAY.POINTS
        ? ORDER_PAY_TYPE.POINTS
        : way === SHIPPING_PAY_WAY.ALIPAY_POSTAGE
          ? ORDER_PAY_TYPE.ALIPAY
          : null;
    if (needed !== null && needed !== payType) {
      setPayType(needed);
      setPayPicked(true);
      const note = t('mall.payTypeSwitched', {
        shipping: labels.shipping(way),
        pay: labels.payType(needed),
      });
      setSwitchNote(note);
      Toast.show(note);
    } else setSwitchNote(null);
  };
  const choosePay = (p: number) => {
    setPayType(p);
    setPayPicked(true);
    if (mallCombinationError(shippingWay, p)) {
      setShippingWay(SHIPPING_PAY_WAY.FREE_SHIPPING);
      const note = t('mall.shippingSwitched', {
        shipping: labels.shipping(shippingWay),
        pay: labels.payType(p),
        free: labels.shipping(SHIPPING_PAY_WAY.FREE_SHIPPING),
      });
      setSwitchNote(note);
      Toast.show(note);
    } else setSwitchNote(null);
  };
  // Pay types that could pay this order, for the hint under one that cannot.
  const payableOthers = (q?.payTypes ?? [])
    .filter(
      (x) => x.refusal === null && x.payType !== payType && x.payType !== ORDER_PAY_TYPE.FREE_CLAIM,
    )
    .map((x) => labels.payType(x.payType));
  const payRefusal = settling ? null : refusalOf(payType);

  const submit = async () => {
    if (!address || !q || q.refusal || settling) return;
    if (needsPayPassword(payType) && !/^\d{6}$/.test(password)) {
      setPwdError(true);
      Toast.show(t('mall.payPasswordRequired'));
      return;
    }
    setPwdError(false);
    const qty = q.items.reduce((s, i) => s + i.quantity, 0);
    const how =
      payType === ORDER_PAY_TYPE.FREE_CLAIM
        ? t('mall.confirmFree', { qty })
        : payType === ORDER_PAY_TYPE.POINTS
          ? t('mall.confirmPoints', { amount: q.totalFen.toLocaleString() })
          : t('mall.confirmPay', { pay: labels.payType(payType), amount: formatMoney(q.totalFen) });
    // Money moves only after the agent has seen what it buys, how much, and how it pays.
    const go = await Dialog.confirm({
      title: t('mall.confirmTitle'),
      content: (
        <div data-testid="order-confirm">
          {t('mall.confirmWhat', {
            what: q.items.map((i) => `${i.name} ×${i.quantity}`).join('、'),
            qty,
            how,
          })}
        </div>
      ),
      confirmText: t('mall.confirmOk'),
    });
    if (!go) return;
    let order: MallOrder;
    try {
      order = await create.mutateAsync({ items, addressId: address.id, shippingWay, payType });
    } catch {
      return;
    }
    if (fromCart) cart.remove(items.map((i) => i.productId));
    if (payType === ORDER_PAY_TYPE.FREE_CLAIM) {
      Toast.show({ icon: 'success', content: t('mall.claimed') });
    } else {
      await payFlow(order, payType, password);
    }
    navigate(`/pages/mall/order-detail?id=${order.id}`, { replace: true });
  };

  if (items.length === 0) {
    return (
      <Page title={t('mall.confirm')} className="mall-page" backTo="/pages/mall/index">
        <Empty description={t('mall.cartEmpty')} />
      </Page>
    );
  }

  return (
    <Page title={t('mall.confirm')} className="mall-page" backTo="/pages/mall/index">
      <section className="mall-block">
        {addresses.isLoading ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : address ? (
          <button
            type="button"
            className="mall-address-pick"
            onClick={() => navigate('/pages/mall/address?select=1')}
            data-testid="confirm-address"
          >
            <AddressCard address={address} />
          </button>
        ) : (
          <Button
            block
            fill="outline"
            color="primary"
            onClick={() => navigate('/pages/mall/address-edit?first=1')}
            data-testid="add-first-address"
          >
            {t('mall.noAddress')}
          </Button>
        )}
      </section>
      {quote.isLoading ? (
        <div className="mall-block">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : quote.isError && !q ? (
        <LoadError error={quote.error} onRetry={() => void quote.refetch()} />
      ) : (
        q && (
          <List className="mall-block" data-testid="confirm-items">
            {q.items.map((i) => (
              <List.Item
                key={i.productId}
                description={`${i.model} · ¥${formatMoney(i.unitPriceFen)}${t('mall.perUnit')} × ${i.quantity}`}
                extra={`¥${formatMoney(i.amountFen)}`}
              >
                {i.name}
              </List.Item>
            ))}
          </List>
        )
      )}
      <section className="mall-block">
        <h2 className="mall-block-title">{t('mall.shippingWay')}</h2>
        <ShippingSelector value={shippingWay} onChange={chooseShipping} />
        <div className="mall-hint">{t('mall.postageHint')}</div>
      </section>
      <section className="mall-block">
        <h2 className="mall-block-title">{t('mall.payType')}</h2>
        <PayTypeSelector value={payType} onChange={choosePay} wallet={wallet.data} withFreeClaim />
        {switchNote && (
          <div className="mall-switch-note" role="status" data-testid="pay-switch-note">
            {switchNote}
          </div>
        )}
        {payRefusal && (
          <div className="mall-pay-short" data-testid="pay-short">
            <span>{payRefusal}</span>
            {payType === ORDER_PAY_TYPE.GOODS_BALANCE && (
              <a
                className="mall-link"
                onClick={() => navigate('/pages/earnings/capitalPool')}
                data-testid="go-capital-pool"
              >
                {t('mall.goTransfer')}
              </a>
            )}
            {payableOthers.length > 0 && (
              <div className="mall-hint">
                {t('mall.otherPayable', { list: payableOthers.join(t('mall.listSep')) })}
              </div>
            )}
          </div>
        )}
        {needsPayPassword(payType) && (
          <div className="mall-password">
            <div>
              {t('mall.payPassword')}
              {wallet.data && !wallet.data.hasPayPassword && (
                <a
                  className="mall-link"
                  onClick={() => navigate('/page-subpage/setting/forgotPayPassword')}
                >
                  {t('mall.noPayPassword')}，{t('mall.goSet')}
                </a>
              )}
            </div>
            <PayPasswordInput value={password} onChange={setPassword} error={pwdError} />
          </div>
        )}
      </section>
      {q && (
        <List className="mall-block mall-amounts" data-testid="confirm-amounts">
          <List.Item extra={`¥${formatMoney(q.goodsFen)}`}>{t('mall.goodsAmount')}</List.Item>
          <List.Item extra={`¥${formatMoney(q.shippingFen)}`}>{t('mall.postage')}</List.Item>
          {q.discountFen > 0 && (
            <List.Item extra={`-¥${formatMoney(q.discountFen)}`}>
              {t('mall.freeDiscount')}
            </List.Item>
          )}
        </List>
      )}
      <div className="mall-bottom-bar">
        <div className="mall-bottom-total">
          {t('mall.totalDue')}{' '}
          <span className="mall-price" data-testid="confirm-total">
            {q
              ? payType === ORDER_PAY_TYPE.POINTS
                ? `${q.totalFen.toLocaleString()} ${t('mall.points')}`
                : `¥${formatMoney(q.totalFen)}`
              : '—'}
          </span>
          {/* Said once: a pay type's own shortfall is already under the pay types. */}
          {q?.refusal && !settling && q.refusal !== payRefusal && (
            <div className="mall-bottom-refusal" role="alert" data-testid="quote-refusal">
              {q.refusal}
            </div>
          )}
        </div>
        <Button
          color="primary"
          disabled={!address || !q || Boolean(q.refusal) || quote.isFetching || settling}
          loading={create.isPending}
          onClick={() => void submit()}
          data-testid="submit-order"
        >
          {t('mall.submit')}
        </Button>
      </div>
    </Page>
  );
}
