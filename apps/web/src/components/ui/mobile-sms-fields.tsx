import { validators } from '@pos/core';
import { Form, Input, Toast } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import type { ComponentProps } from 'react';
import { coreRule } from './form-rules';
import type { FieldText } from './password-fields';
import { SmsCodeButton } from './sms-code-button';

type SmsCodeButtonProps = ComponentProps<typeof SmsCodeButton>;

interface MobileSmsFieldsProps {
  mobile: FieldText;
  smsCode: FieldText;
  /** The form holding these fields: its 'mobile' field is checked before a code is sent. */
  form: FormInstance;
  /** Asks the server to send a code to this mobile; may resolve with the resend wait in seconds. */
  send: (mobile: string) => Promise<number | void | undefined>;
  /** The toast shown once the code is on its way. */
  sentText: string;
  /** The SMS button's data-testid (SmsCodeButton's default when left out). */
  smsButtonTestId?: SmsCodeButtonProps['testId'];
}

/** A mainland mobile number (the field 'mobile'), checked as the server checks it. */
export function MobileField({ id, label, placeholder }: FieldText) {
  return (
    <Form.Item name="mobile" label={label} rules={[coreRule(validators.mobile)]}>
      <Input
        id={id}
        placeholder={placeholder}
        type="tel"
        inputMode="numeric"
        maxLength={11}
        clearable
      />
    </Form.Item>
  );
}

/** The mobile number and SMS code fields (named 'mobile' and 'smsCode') with the "get code" button. */
export function MobileSmsFields({
  mobile,
  smsCode,
  form,
  send,
  sentText,
  smsButtonTestId,
}: MobileSmsFieldsProps) {
  const onSend = async () => {
    await form.validateFields(['mobile']);
    const wait = await send(form.getFieldValue('mobile') as string);
    Toast.show({ icon: 'success', content: sentText });
    return wait;
  };
  return (
    <>
      <MobileField {...mobile} />
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
