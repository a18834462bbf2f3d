import { Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

const COLORS: Record<number, string> = { 0: 'default', 1: 'primary', 3: 'success' };
const KEYS: Record<number, string> = { 0: 'unbound', 1: 'bound', 3: 'activated' };

/** Bind status 0 / 1 / 3 as a coloured tag, with "recall pending" beside it when locked. */
export function BindStatusTag({ status, pending }: { status: number; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="term-tags">
      <Tag color={COLORS[status] ?? 'default'} fill="outline">
        {t(`terminals.${KEYS[status] ?? 'unbound'}`)}
      </Tag>
      {pending && (
        <Tag color="warning" fill="outline">
          {t('terminals.pending')}
        </Tag>
      )}
    </span>
  );
}
