import { fenToYuanText } from '@pos/core';
import { Button, Input, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { PayPasswordInput } from './pay-password-input';

/** A field's message under it, in the kit's error colour. */
export function FieldError({ children }: { children?: string }) {
  return children ? <div className="adm-form-item-feedback-error">{children}</div> : null;
}

/**
 * An amount in yuan to move out of a wallet: only digits and a point can be typed, "all" fills in
 * what is available; under it the error, or else the hint.
 */
export function AmountField({
  label,
  value,
  onChange,
  availableFen,
  error,
  hint,
  allTestId,
  inputClassName,
  children,
}: {
  label: string;
  value: string;
  onChange: (yuan: string) => void;
  availableFen: number;
  error?: string;
  hint: string;
  allTestId?: string;
  inputClassName?: string;
  /** Shown under the field, in its block (what the amount would cost, say). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="wd-block">
      <div>{label}</div>
      <List.Item
        extra={
          <a onClick={() => onChange(fenToYuanText(availableFen))} data-testid={allTestId}>
            {t('withdrawals.all')}
          </a>
        }
        description={error ? <span className="adm-form-item-feedback-error">{error}</span> : hint}
      >
        <Input
          className={inputClassName}
          value={value}
          onChange={(v) => onChange(v.replace(/[^\d.]/g, ''))}
          inputMode="decimal"
          placeholder={t('withdrawals.amountPlaceholder')}
          aria-label={label}
          data-testid="amount"
        />
      </List.Item>
      {children}
    </div>
  );
}

/** The 6-digit pay password under its label, with its error. */
export function PayPasswordField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  testId?: string;
}) {
  return (
    <>
      <div>{label}</div>
      <PayPasswordInput value={value} onChange={onChange} testId={testId} error={Boolean(error)} />
      <FieldError>{error}</FieldError>
    </>
  );
}

/** The page's one action at its foot: full width, primary, busy while its request runs. */
export function SubmitBar({
  loading,
  onSubmit,
  testId,
  children,
}: {
  loading: boolean;
  onSubmit: () => Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="wd-submit">
      <Button
        block
        color="primary"
        size="large"
        loading={loading}
        onClick={() => void onSubmit()}
        data-testid={testId}
      >
        {children}
      </Button>
    </div>
  );
}
