import {
  GEOCODER_DISABLED,
  LOCATION_KEYWORD_MAX,
  TAB_PATHS,
  placeAddressLine,
  type GeoPlace,
} from '@pos/core';
import { Button, DotLoading, ErrorBlock, List, SearchBar, Skeleton, TextArea } from 'antd-mobile';
import { CheckOutline, EnvironmentOutline, LocationOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import {
  DevicePositionError,
  getDevicePosition,
  type PositionFailure,
} from '@/lib/device-position';
import { finishLocationPick, isReturnPath, type PickedLocation } from '@/lib/location-pick';
import { useReverseGeocode } from '../api/reverse-geocode';
import { usePlaceSearch } from '../api/search-places';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '../i18n';
import '../merchants.css';

/** The longest address the fields that open this page take (a licence address). */
const ADDRESS_MAX = 100;

type DeviceState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; picked: PickedLocation; distanceM: number | null }
  | { status: 'nothing' }
  | { status: 'failed'; reason: PositionFailure | 'disabled' | 'server'; message?: string };

const isDisabled = (error: unknown) => error instanceof ApiError && error.err === GEOCODER_DISABLED;

function fromPlace(place: GeoPlace): PickedLocation {
  return {
    name: place.name,
    address: placeAddressLine(place).slice(0, ADDRESS_MAX),
    lat: place.lat,
    lng: place.lng,
    source: 'search',
  };
}

/**
 * The built-in choose-location page: a place found by keyword, the device's position named by
 * the server, or an address typed by hand. The choice goes back to the page that opened it
 * (`returnTo`), which fills its address field; `address` is what that field held.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const rawReturn = params.get('returnTo');
  const returnTo = isReturnPath(rawReturn) ? rawReturn : null;
  const city = params.get('city')?.trim() || undefined;

  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim().slice(0, LOCATION_KEYWORD_MAX));
  const results = usePlaceSearch(search, city);
  const reverse = useReverseGeocode();
  const [device, setDevice] = useState<DeviceState>({ status: 'idle' });
  const [manual, setManual] = useState(() => (params.get('address') ?? '').slice(0, ADDRESS_MAX));
  const [manualError, setManualError] = useState('');
  const [chosen, setChosen] = useState<PickedLocation | null>(null);
  // While the server has no geocoder, typing the address is the way left.
  const disabled =
    isDisabled(results.error) || (device.status === 'failed' && device.reason === 'disabled');

  const finish = (picked: PickedLocation) => {
    if (returnTo) {
      finishLocationPick(returnTo, picked);
      // Back to the very entry that opened the chooser, so its history stays as it was.
      if (location.key !== 'default' && window.history.length > 1) navigate(-1);
      else navigate(returnTo, { replace: true });
    } else {
      navigate(TAB_PATHS.home, { replace: true });
    }
  };

  const locate = async () => {
    setChosen((c) => (c?.source === 'device' ? null : c));
    setDevice({ status: 'locating' });
    let lat: number;
    let lng: number;
    try {
      ({ lat, lng } = await getDevicePosition());
    } catch (e) {
      setDevice({
        status: 'failed',
        reason: e instanceof DevicePositionError ? e.reason : 'unavailable',
      });
      return;
    }
    try {
      const answer = await reverse.mutateAsync({ lat, lng });
      if (!answer.place) {
        setDevice({ status: 'nothing' });
        return;
      }
      // The address is the place's; the point is where the device is, which is more exact.
      const picked: PickedLocation = { ...fromPlace(answer.place), lat, lng, source: 'device' };
      setDevice({ status: 'found', picked, distanceM: answer.distanceM });
      setChosen(picked);
    } catch (e) {
      setDevice(
        isDisabled(e)
          ? { status: 'failed', reason: 'disabled' }
          : { status: 'failed', reason: 'server', message: e instanceof Error ? e.message : '' },
      );
    }
  };

  const takeManual = () => {
    const text = manual.trim();
    if (text.length < 2) {
      setManualError(t('merchants.location.manualShort'));
      return;
    }
    finish({ name: '', address: text, lat: null, lng: null, source: 'manual' });
  };

  const distanceText = (m: number) =>
    m < 1000
      ? t('merchants.location.metres', { n: m })
      : t('merchants.location.km', { n: (m / 1000).toFixed(1) });

  const isChosen = (p: PickedLocation) =>
    !!chosen &&
    chosen.source === p.source &&
    chosen.address === p.address &&
    chosen.lat === p.lat &&
    chosen.lng === p.lng;

  let deviceLine;
  if (device.status === 'locating') {
    deviceLine = (
      <span className="merch-muted">
        {t('merchants.location.locating')}
        <DotLoading />
      </span>
    );
  } else if (device.status === 'found') {
    deviceLine = (
      <span className="loc-device-found">
        {device.picked.address}
        {device.distanceM !== null && device.distanceM > 0 && (
          <span className="merch-muted">
            {' · '}
            {t('merchants.location.near', { d: distanceText(device.distanceM) })}
          </span>
        )}
      </span>
    );
  } else if (device.status === 'nothing') {
    deviceLine = <span className="merch-error">{t('merchants.location.nothingNear')}</span>;
  } else if (device.status === 'failed') {
    deviceLine = (
      <span className="merch-error">
        {device.reason === 'server'
          ? device.message || t('common.loadFailed')
          : t(`merchants.location.failed.${device.reason}`)}
      </span>
    );
  }

  let resultBody;
  if (!search || disabled) resultBody = null;
  else if (results.isLoading) resultBody = <Skeleton.Paragraph lineCount={4} animated />;
  else if (results.isError)
    resultBody = <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  else if (!results.data?.places.length) {
    resultBody = (
      <ErrorBlock
        status="empty"
        title={t('merchants.location.noPlaces')}
        description={t('merchants.location.noPlacesHint')}
        data-testid="location-empty"
      />
    );
  } else {
    resultBody = (
      <List mode="card" data-testid="location-results">
        {results.data.places.map((place, i) => {
          const picked = fromPlace(place);
          return (
            <List.Item
              key={`${place.name}-${place.lat}-${place.lng}-${i}`}
              prefix={<LocationOutline className="loc-icon" />}
              description={picked.address}
              extra={isChosen(picked) ? <CheckOutline className="loc-check" /> : null}
              onClick={() => setChosen(picked)}
              arrow={false}
              data-testid="location-result"
            >
              {place.name}
            </List.Item>
          );
        })}
      </List>
    );
  }

  return (
    <Page
      title={t('merchants.location.chooseTitle')}
      className="merch-page loc-page"
      backTo={returnTo ?? TAB_PATHS.home}
    >
      <div className="merch-sticky">
        <SearchBar
          placeholder={t('merchants.location.searchPh')}
          value={keyword}
          onChange={setKeyword}
          maxLength={LOCATION_KEYWORD_MAX}
          data-testid="location-search"
        />
      </div>
      {disabled && (
        <div className="merch-intro" data-testid="location-disabled">
          {t('merchants.location.failed.disabled')}
        </div>
      )}
      <List mode="card">
        <List.Item
          prefix={<EnvironmentOutline className="loc-icon" />}
          description={deviceLine}
          extra={
            device.status === 'found' && isChosen(device.picked) ? (
              <CheckOutline className="loc-check" />
            ) : null
          }
          onClick={() => {
            if (device.status === 'found') setChosen(device.picked);
            else if (device.status !== 'locating') void locate();
          }}
          arrow={false}
          data-testid="location-device"
        >
          {device.status === 'found'
            ? t('merchants.location.here')
            : t('merchants.location.useDevice')}
        </List.Item>
      </List>
      {search
        ? resultBody
        : !disabled && (
            <div className="loc-hint merch-muted">{t('merchants.location.searchHint')}</div>
          )}
      {results.data?.simulated && (
        <div className="loc-hint merch-muted">{t('merchants.location.simulated')}</div>
      )}
      <List mode="card" header={t('merchants.location.manual')}>
        <List.Item>
          <TextArea
            value={manual}
            onChange={(v) => {
              setManual(v);
              setManualError('');
            }}
            placeholder={t('merchants.location.manualPh')}
            maxLength={ADDRESS_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="location-manual"
          />
          {manualError && <div className="merch-error">{manualError}</div>}
          <div className="loc-manual-actions">
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={takeManual}
              data-testid="location-manual-use"
            >
              {t('merchants.location.manualUse')}
            </Button>
          </div>
        </List.Item>
      </List>
      <div className="loc-bar">
        <div className="loc-bar-text" data-testid="location-chosen">
          {chosen ? (
            <>
              <span className="merch-muted">{t('merchants.location.chosen')} </span>
              {chosen.address}
            </>
          ) : (
            <span className="merch-muted">{t('merchants.location.pickOne')}</span>
          )}
        </div>
        <Button
          color="primary"
          disabled={!chosen}
          onClick={() => {
            if (chosen) finish(chosen);
          }}
          data-testid="location-confirm"
        >
          {t('merchants.location.confirm')}
        </Button>
      </div>
    </Page>
  );
}
