import { Button, Empty, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useQueryParam } from '@/lib/routing';
import { useAddresses } from '../api/addresses';
import { mallKeys } from '../api/keys';
import { AddressCard } from '../components/address-card';
import '../i18n';
import '../mall.css';

const PICKED = 'mall.pickedAddress';

/** The address the agent picked for the order being confirmed (read once). */
export function takePickedAddress(): number | null {
  const v = Number(sessionStorage.getItem(PICKED));
  sessionStorage.removeItem(PICKED);
  return Number.isInteger(v) && v > 0 ? v : null;
}

/** The address book (/pages/mall/address; ?select=1 picks one for the order being confirmed). */
export default function MallAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const select = useQueryParam('select') === '1';
  const q = useAddresses();

  return (
    <Page
      title={select ? t('mall.pickAddress') : t('mall.addresses')}
      className="mall-page"
      backTo="/pages/mall/index"
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: mallKeys.addresses() })}>
        {q.isLoading ? (
          <div className="mall-block">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data!.length === 0 ? (
          <Empty description={t('mall.addressEmpty')} />
        ) : (
          <List>
            {q.data!.map((a) => (
              <List.Item
                key={a.id}
                onClick={() => {
                  if (select) {
                    sessionStorage.setItem(PICKED, String(a.id));
                    navigate(-1);
                  } else navigate(`/pages/mall/address-edit?id=${a.id}`);
                }}
                extra={
                  select ? (
                    <a
                      className="mall-link"
                      onClick={(e) => {
                        e.stopPropagation();
                        navigate(`/pages/mall/address-edit?id=${a.id}`);
                      }}
                    >
                      {t('mall.editAddress')}
                    </a>
                  ) : undefined
                }
                data-testid={`address-${a.id}`}
              >
                <AddressCard address={a} />
              </List.Item>
            ))}
          </List>
        )}
      </PullRefresh>
      <div className="mall-bottom-bar">
        <Button
          block
          color="primary"
          onClick={() => navigate('/pages/mall/address-edit')}
          data-testid="add-address"
        >
          {t('mall.addAddress')}
        </Button>
      </div>
    </Page>
  );
}
