import { DatePicker } from 'antd-mobile';
import { useEffect, useState, type ComponentProps } from 'react';

/**
 * The kit's DatePicker, loaded by the month button at its first tap (month-picker.tsx). It is
 * first rendered closed, so its first opening slides up like every later one.
 */
export function MonthWheel({ visible, ...props }: ComponentProps<typeof DatePicker>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <DatePicker {...props} visible={mounted && visible} />;
}
