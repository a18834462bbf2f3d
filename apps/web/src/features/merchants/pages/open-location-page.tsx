import { Button, ErrorBlock, List } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { copyText } from '@/components/ui/copy-text';
import { Page } from '@/components/ui/page';
import { parseShownLocation } from '@/lib/location-pick';
import { mapsTarget, mapsUrl } from '@/lib/maps-link';
import '../i18n';
import '../merchants.css';

/**
 * The built-in open-location page: a place's name, address and coordinates (when known), and a
 * link that opens it in the phone's maps app (the native shells) or in Amap (a browser).
 */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const shown = useMemo(() => parseShownLocation(params), [params]);
  const target = mapsTarget();
  const url = shown ? mapsUrl(shown, target) : null;

  let body;
  if (!shown || !url) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('merchants.location.nothingToShow')}
        description=""
        data-testid="location-nothing"
      />
    );
  } else {
    const title = shown.name || shown.address;
    body = (
      <>
        <div className="merch-head loc-head" data-testid="location-shown">
          <EnvironmentOutline className="loc-head-icon" />
          <div>
            <div className="merch-head-name">{title}</div>
            {shown.name && shown.address && <div className="merch-card-sub">{shown.address}</div>}
          </div>
        </div>
        <List mode="card">
          {shown.address && (
            <List.Item extra={shown.address} data-testid="location-address">
              {t('merchants.location.address')}
            </List.Item>
          )}
          {shown.lat !== null && shown.lng !== null && (
            <List.Item
              extra={`${shown.lat.toFixed(6)}, ${shown.lng.toFixed(6)}`}
              data-testid="location-coordinates"
            >
              {t('merchants.location.coordinates')}
            </List.Item>
          )}
        </List>
        <div className="merch-actions loc-open-actions">
          {/* A plain link: the web view (or the browser) hands it to the maps app itself. */}
          <a
            className="loc-open-link"
            href={url}
            target={target === 'web' ? '_blank' : undefined}
            rel="noopener noreferrer"
            data-testid="open-maps-link"
          >
            {t('merchants.location.openInMaps')}
          </a>
          <div className="loc-hint merch-muted">
            {target === 'web'
              ? t('merchants.location.openHintWeb')
              : t('merchants.location.openHintApp')}
          </div>
          {shown.address && (
            <Button block fill="outline" onClick={() => void copyText(shown.address)}>
              {t('merchants.location.copyAddress')}
            </Button>
          )}
        </div>
      </>
    );
  }
  return (
    <Page title={t('merchants.location.openTitle')} className="merch-page loc-page">
      {body}
    </Page>
  );
}
