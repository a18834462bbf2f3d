import { CHANGE_SERVICE_STATUS, enumLabel } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useLang } from '@/lib/use-lang';

const COLORS: Record<number, 'default' | 'primary' | 'success' | 'danger' | 'warning'> = {
  [CHANGE_SERVICE_STATUS.APPLYING]: 'warning',
  [CHANGE_SERVICE_STATUS.PROCESSING]: 'primary',
  [CHANGE_SERVICE_STATUS.DONE]: 'success',
  [CHANGE_SERVICE_STATUS.FAILED]: 'danger',
};

/** The change-service status of a rate or fee change: applying, processing, done, failed. */
export function StatusTag({ status }: { status: number }) {
  const lang = useLang();
  return (
    <Tag
      color={COLORS[status] ?? 'default'}
      fill="outline"
      data-testid="change-status"
      data-status={status}
    >
      {enumLabel('change_service_status', status, lang)}
    </Tag>
  );
}
