import { enumLabel, formatDate, formatMoney, type MerchantDetail } from '@pos/core';
import { Button, List, ProgressBar, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { currentLang } from '@/lib/i18n';
import { openLocationUrl } from '@/lib/location-pick';
import { useMerchant } from '../api/get-merchant';
import { AuthImage } from './auth-image';
import { BindTag, IdentifyTag, LicenceTag } from './status-tags';

const DAY_MS = 86_400_000;

/**
 * A merchant in full: basics, volume, rates, terminals (with their activation window), licence
 * and identification. `focus` puts what a page is about first: the data pages lead with volume,
 * the condition page with each terminal's activation progress.
 */
export function MerchantDetailView({
  id,
  focus = 'info',
  backTo = '/pages/home/home/merch-info',
}: {
  id: number | undefined;
  focus?: 'info' | 'data' | 'condition';
  /** Where the missing-record state's way back leads when there is no history. */
  backTo?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useMerchant(id);
  const gate = recordGate(
    id !== undefined,
    q,
    backTo,
    <Skeleton.Paragraph lineCount={12} animated />,
  );
  if (gate || !q.data) return gate;
  const m = q.data;
  const sections = {
    volume: <VolumeSection key="volume" m={m} />,
    terminals: <TerminalsSection key="terminals" m={m} progress={focus === 'condition'} />,
    rates: <RatesSection key="rates" m={m} />,
    trades: <TradesSection key="trades" m={m} />,
    licence: <LicenceSection key="licence" m={m} />,
    identification: <IdentSection key="ident" m={m} />,
  };
  const order =
    focus === 'condition'
      ? [
          sections.terminals,
          sections.volume,
          sections.licence,
          sections.identification,
          sections.rates,
          sections.trades,
        ]
      : focus === 'data'
        ? [
            sections.volume,
            sections.trades,
            sections.terminals,
            sections.rates,
            sections.licence,
            sections.identification,
          ]
        : [
            sections.terminals,
            sections.rates,
            sections.volume,
            sections.trades,
            sections.licence,
            sections.identification,
          ];
  return (
    <div data-testid="merchant-detail">
      <div className="merch-head">
        <div className="merch-head-name">{m.name}</div>
        <div className="merch-card-sub">{m.merchantNo}</div>
        <div className="merch-card-tags">
          <LicenceTag status={m.licence.status} />
          <IdentifyTag status={m.identification.status} />
        </div>
      </div>
      <List mode="card" header={t('merchants.basic')}>
        <List.Item extra={m.legalName}>{t('merchants.legalName')}</List.Item>
        <List.Item extra={m.mobile}>{t('merchants.mobile')}</List.Item>
        {m.address && (
          <List.Item
            extra={<span className="merch-address-link">{m.address}</span>}
            onClick={() => navigate(openLocationUrl({ name: m.name, address: m.address }))}
            data-testid="merchant-address"
          >
            {t('merchants.address')}
          </List.Item>
        )}
        <List.Item extra={m.own ? t('merchants.mine') : `${m.agentName} ${m.agentMobile}`}>
          {t('merchants.agent')}
        </List.Item>
        <List.Item extra={formatDate(m.createdAt, 'yyyy-mm-dd hh:MM')}>
          {t('merchants.createdAt')}
        </List.Item>
        <List.Item extra={t(`merchants.statuses.${m.status}`)}>{t('merchants.status')}</List.Item>
      </List>
      {order}
    </div>
  );
}

function VolumeSection({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('merchants.volume')}>
      <List.Item extra={`¥${formatMoney(m.monthVolumeFen)}`}>
        {t('merchants.monthVolume')}
      </List.Item>
      <List.Item extra={`¥${formatMoney(m.totalVolumeFen)}`}>
        {t('merchants.totalVolume')}
      </List.Item>
    </List>
  );
}

function TradesSection({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <List mode="card" header={t('merchants.recentTrades')} data-testid="merchant-trades">
      {m.recentTrades.length === 0 && (
        <List.Item>{<span className="merch-muted">{t('merchants.noTrades')}</span>}</List.Item>
      )}
      {m.recentTrades.map((tr) => (
        <List.Item
          key={tr.id}
          description={`${tr.sn} · ${formatDate(tr.tradeTime, 'yyyy-mm-dd hh:MM')}`}
          extra={
            <span className={tr.kind === 1 ? undefined : 'merch-refund'}>
              {tr.kind === 1 ? '' : '-'}¥{formatMoney(tr.amountFen)}
            </span>
          }
        >
          {enumLabel('pay_type', tr.payType, lang)}
          {tr.kind !== 1 && ` · ${t(`merchants.tradeKinds.${tr.kind}`)}`}
          {tr.status !== 1 && ` · ${t(`merchants.tradeStatuses.${tr.status}`)}`}
        </List.Item>
      ))}
    </List>
  );
}

function RatesSection({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('merchants.rates')}>
      {m.rates.length === 0 ? (
        <List.Item>{<span className="merch-muted">{t('merchants.noRates')}</span>}</List.Item>
      ) : (
        m.rates.map((r) => (
          <List.Item
            key={r.rateType}
            extra={
              r.rateType === 6
                ? `¥${formatMoney(r.ratePpm)}`
                : `${(r.ratePpm / 10_000).toFixed(2)}%`
            }
          >
            {t(`merchants.rateTypes.${r.rateType}`)}
          </List.Item>
        ))
      )}
    </List>
  );
}

function TerminalsSection({ m, progress }: { m: MerchantDetail; progress: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = Date.now();
  return (
    <List mode="card" header={`${t('merchants.terminalList')} (${m.terminals.length})`}>
      {m.terminals.length === 0 && (
        <List.Item>{<span className="merch-muted">{t('merchants.noTerminals')}</span>}</List.Item>
      )}
      {m.terminals.map((tm) => {
        const bound = tm.boundAt ? new Date(tm.boundAt).getTime() : null;
        const deadline = tm.activationDeadline ? new Date(tm.activationDeadline).getTime() : null;
        const daysLeft = deadline === null ? null : Math.ceil((deadline - now) / DAY_MS);
        let line = '';
        if (tm.bindStatus === 3 && tm.activatedAt)
          line = `${t('merchants.activatedAt')} ${formatDate(tm.activatedAt)}`;
        else if (daysLeft !== null)
          line = daysLeft > 0 ? t('merchants.daysLeft', { n: daysLeft }) : t('merchants.expired');
        return (
          <List.Item
            key={tm.id}
            onClick={() =>
              navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(tm.sn)}`)
            }
            extra={<BindTag status={tm.bindStatus} />}
            description={
              <div>
                <div>
                  {tm.brandName} {tm.model}
                  {tm.policyName ? ` · ${tm.policyName}` : ''}
                </div>
                <div>
                  {tm.boundAt ? `${t('merchants.boundAt')} ${formatDate(tm.boundAt)}` : ''}
                  {line ? ` · ${line}` : ''}
                </div>
                {progress && bound !== null && deadline !== null && tm.bindStatus === 1 && (
                  <ProgressBar
                    percent={Math.min(100, Math.max(0, ((now - bound) / (deadline - bound)) * 100))}
                    style={{
                      '--fill-color':
                        daysLeft !== null && daysLeft <= 5 ? 'var(--adm-color-danger)' : undefined,
                    }}
                  />
                )}
              </div>
            }
          >
            {tm.sn}
          </List.Item>
        );
      })}
    </List>
  );
}

function LicenceSection({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const l = m.licence;
  return (
    <List mode="card" header={t('merchants.licence')}>
      <List.Item extra={<LicenceTag status={l.status} />}>{t('merchants.status')}</List.Item>
      {l.licenceNo && <List.Item extra={l.licenceNo}>{t('merchants.licenceNo')}</List.Item>}
      {l.licenceName && <List.Item extra={l.licenceName}>{t('merchants.licenceName')}</List.Item>}
      {l.licenceAddress && (
        <List.Item
          extra={<span className="merch-address-link">{l.licenceAddress}</span>}
          onClick={() =>
            navigate(
              openLocationUrl({ name: l.licenceName ?? m.name, address: l.licenceAddress ?? '' }),
            )
          }
          data-testid="merchant-licence-address"
        >
          {t('merchants.licenceAddress')}
        </List.Item>
      )}
      {l.validTo && <List.Item extra={l.validTo}>{t('merchants.validTo')}</List.Item>}
      {l.reason && <List.Item extra={l.reason}>{t('merchants.reason')}</List.Item>}
      {l.fileId !== null && (
        <List.Item extra={<AuthImage fileId={l.fileId} alt={t('merchants.licencePhoto')} />}>
          {t('merchants.licencePhoto')}
        </List.Item>
      )}
      {m.own && (
        <List.Item>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => navigate(`/pages/home/merchantSupplement/changeInfo?id=${m.id}`)}
          >
            {l.status === 0 ? t('merchants.goSupplement') : t('merchants.goChange')}
          </Button>
        </List.Item>
      )}
    </List>
  );
}

function IdentSection({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const i = m.identification;
  return (
    <List mode="card" header={t('merchants.identification')}>
      <List.Item extra={<IdentifyTag status={i.status} />}>{t('merchants.status')}</List.Item>
      {i.idCardMasked && <List.Item extra={i.idCardMasked}>{t('merchants.idCard')}</List.Item>}
      {i.reason && <List.Item extra={i.reason}>{t('merchants.reason')}</List.Item>}
      {i.identifiedAt && (
        <List.Item extra={formatDate(i.identifiedAt, 'yyyy-mm-dd hh:MM')}>
          {t('merchants.identifiedAt')}
        </List.Item>
      )}
      {m.own && i.status !== 1 && (
        <List.Item>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => navigate(`/pages/home/identification/merchant?id=${m.id}`)}
          >
            {t('merchants.goIdentify')}
          </Button>
        </List.Item>
      )}
    </List>
  );
}
