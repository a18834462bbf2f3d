import { TICKET_STATUS, ticketStatusLabel, ticketTypeLabel } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useLang } from '@/lib/use-lang';

const STATUS_COLORS: Record<number, string> = {
  [TICKET_STATUS.OPEN]: 'warning',
  [TICKET_STATUS.IN_PROGRESS]: 'primary',
  [TICKET_STATUS.REPLIED]: 'success',
  [TICKET_STATUS.CLOSED]: 'default',
};

/** A ticket's state (待处理, 处理中, 已回复, 已关闭) in the app's language. */
export function TicketStatusTag({ status }: { status: number }) {
  const lang = useLang();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} fill="solid" data-testid="ticket-status">
      {ticketStatusLabel(status, lang)}
    </Tag>
  );
}

/** A ticket's topic in the app's language. */
export function TicketTypeTag({ type }: { type: number }) {
  const lang = useLang();
  return (
    <Tag color="primary" fill="outline">
      {ticketTypeLabel(type, lang)}
    </Tag>
  );
}
