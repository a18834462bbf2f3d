import { MESSAGE_TYPE, messageTypeLabel } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useLang } from '@/lib/use-lang';

const COLORS: Record<number, string> = {
  [MESSAGE_TYPE.BUSINESS]: 'primary',
  [MESSAGE_TYPE.ANNOUNCEMENT]: 'success',
  [MESSAGE_TYPE.HOLIDAY]: 'warning',
  [MESSAGE_TYPE.URGENT]: 'danger',
};

/** A message's type (业务提醒, 系统公告, 节假日, 紧急) in the app's language. */
export function MessageTag({ type }: { type: number }) {
  const lang = useLang();
  return (
    <Tag color={COLORS[type] ?? 'default'} fill="outline">
      {messageTypeLabel(type, lang)}
    </Tag>
  );
}
