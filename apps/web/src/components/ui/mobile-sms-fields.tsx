import { validators } from '@pos/core';
import { Form, Input } from 'antd-mobile';
import type { ComponentProps } from 'react';
import { coreRule } from './form-rules';
import type { FieldText } from './password-fields';
import { SmsCodeButton } from './sms-code-button';

type SmsCodeButtonProps = ComponentProps<typeof SmsCodeButton>;

interface MobileSmsFieldsProps {
  mobile: FieldText;
  smsCode: FieldText;
  /** Sends the code (see SmsCodeButton): check the 'mobile' field first. */
  onSend: SmsCodeButtonProps['onSend'];
  /** The SMS button's data-testid (SmsCodeButton's default when left out). */
  smsButtonTestId?: SmsCodeButtonProps['testId'];
}

/** The mobile number and SMS code fields (named 'mobile' and 'smsCode') with the "get code" button. */
export function MobileSmsFields({
  mobile,
  smsCode,
  onSend,
  smsButtonTestId,
}: MobileSmsFieldsProps) {
  return (
    <>
      <Form.Item name="mobile" label={mobile.label} rules={[coreRule(validators.mobile)]}>
        <Input
          id={mobile.id}
          placeholder={mobile.placeholder}
          type="tel"
          inputMode="numeric"
          maxLength={11}
          clearable
        />
      </Form.Item>
      <Form.Item
        name="smsCode"
        label={smsCode.label}
        rules={[coreRule(validators.smsCode)]}
        extra={<SmsCodeButton onSend={onSend} testId={smsButtonTestId} />}
      >
        <Input
          id={smsCode.id}
          placeholder={smsCode.placeholder}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
        />
      </Form.Item>
    </>
  );
}
