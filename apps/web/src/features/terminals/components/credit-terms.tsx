import { CREDIT_INSTALMENTS_MAX, CREDIT_INSTALMENTS_MIN, yuanToFen } from '@pos/core';
import { Input, List, Stepper, Switch } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import '../i18n-credit';

export interface CreditTermsValue {
  on: boolean;
  price: string;
  instalments: number;
}

export const noCredit = (): CreditTermsValue => ({ on: false, price: '', instalments: 1 });

/** The price per terminal in fen, or null when the text is not a positive amount of whole fen. */
export function readUnitPrice(text: string): number | null {
  try {
    const fen = yuanToFen(text);
    return fen > 0n && fen <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(fen) : null;
  } catch {
    return null;
  }
}

/**
 * Selling the terminals of an allocation or transfer on credit: the switch, the price per
 * terminal and the number of daily instalments. The server checks both again.
 */
export function CreditTerms({
  value,
  onChange,
}: {
  value: CreditTermsValue;
  onChange: (next: CreditTermsValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <List mode="card" data-testid="credit-terms">
      <List.Item
        extra={
          <Switch
            checked={value.on}
            onChange={(on) => onChange({ ...value, on })}
            data-testid="credit-switch"
          />
        }
        description={value.on ? t('credit.onCreditHint') : undefined}
      >
        {t('credit.onCredit')}
      </List.Item>
      {value.on && (
        <>
          <List.Item title={t('credit.unitPrice')}>
            <Input
              inputMode="decimal"
              value={value.price}
              onChange={(price) => onChange({ ...value, price })}
              placeholder={t('credit.unitPricePh')}
              data-testid="credit-price"
            />
          </List.Item>
          <List.Item
            extra={
              <Stepper
                min={CREDIT_INSTALMENTS_MIN}
                max={CREDIT_INSTALMENTS_MAX}
                digits={0}
                value={value.instalments}
                onChange={(n) => onChange({ ...value, instalments: n ?? CREDIT_INSTALMENTS_MIN })}
                data-testid="credit-instalments"
              />
            }
          >
            {t('credit.instalments')}
          </List.Item>
        </>
      )}
    </List>
  );
}
