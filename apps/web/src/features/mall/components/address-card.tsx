import type { MallAddress } from '@pos/core';
import { Tag } from 'antd-mobile';
import { LocationOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

type Shown = Pick<MallAddress, 'name' | 'mobile' | 'province' | 'city' | 'district' | 'detail'> & {
  isDefault?: boolean;
};

/** An address as a block: who, which phone, where. */
export function AddressCard({ address }: { address: Shown }) {
  const { t } = useTranslation();
  return (
    <div className="mall-address">
      <LocationOutline className="mall-address-icon" />
      <div>
        <div className="mall-address-who">
          {address.name} <span>{address.mobile}</span>
          {address.isDefault && (
            <Tag color="primary" fill="outline">
              {t('mall.default')}
            </Tag>
          )}
        </div>
        <div className="mall-address-where">
          {address.province}
          {address.city}
          {address.district} {address.detail}
        </div>
      </div>
    </div>
  );
}
