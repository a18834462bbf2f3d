import { PasscodeInput } from 'antd-mobile';

/** The 6-digit pay password: six boxes, typed with the system number keyboard. */
export function PayPasswordInput({
  value,
  onChange,
  testId = 'pay-password',
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  testId?: string;
  error?: boolean;
}) {
  return (
    <div className="wd-passcode" data-testid={testId}>
      <PasscodeInput
        length={6}
        seperated
        value={value}
        onChange={onChange}
        error={error}
        aria-label="pay password"
      />
    </div>
  );
}
