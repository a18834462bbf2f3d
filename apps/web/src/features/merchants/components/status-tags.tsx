import { Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

const LICENCE_COLORS: Record<number, string> = {
  0: 'default',
  1: 'warning',
  2: 'success',
  3: 'danger',
};
const IDENT_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'danger' };

export function LicenceTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={LICENCE_COLORS[status] ?? 'default'} fill="outline">
      {t('merchants.licence')}·{t(`merchants.licenceStatus.${status}`)}
    </Tag>
  );
}

export function IdentifyTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={IDENT_COLORS[status] ?? 'default'} fill="outline">
      {t(`merchants.identifyStatus.${status}`)}
    </Tag>
  );
}

const BIND_COLORS: Record<number, string> = { 0: 'default', 1: 'primary', 3: 'success' };

export function BindTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={BIND_COLORS[status] ?? 'default'} fill="outline">
      {t(`merchants.bindStatus.${status}`)}
    </Tag>
  );
}
