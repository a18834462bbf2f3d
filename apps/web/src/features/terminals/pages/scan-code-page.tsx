import { normalizeSn, snFromScan, type ScanTerminal } from '@pos/core';
import { Button, Input, List, Result, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { hasScanToken, refreshScanToken } from '../api/get-scan-token';
import { scanTerminal } from '../api/scan-terminal';
import { CameraScanner } from '../components/camera-scanner';
import '../i18n';
import '../terminals.css';

/**
 * Scan code: reads a terminal's QR code or barcode with the camera where the browser allows,
 * or takes the SN typed by hand, and looks it up through the scan calls (merchant token in the
 * `token` header). A terminal I can bind goes straight to binding.
 */
export default function ScanCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [manual, setManual] = useState('');
  const [result, setResult] = useState<ScanTerminal | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // A merchant token is fetched when the page opens, so the first scan answers at once.
  useEffect(() => {
    if (!hasScanToken()) {
      refreshScanToken().catch(() => Toast.show({ content: t('terminals.tokenFailed') }));
    }
  }, [t]);

  const look = async (code: string) => {
    const sn = snFromScan(code) ?? normalizeSn(code);
    if (!sn) return;
    setBusy(true);
    setError('');
    setResult(null);
    try {
      setResult(await scanTerminal(sn));
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('terminals.scanTitle')} className="term-page" backTo="/pages/terminal/index">
      <div className="term-block">
        <CameraScanner onDetected={(text) => void look(text)} />
        <div className="term-muted term-hint">{t('terminals.camera.barcodeHint')}</div>
      </div>
      <List mode="card" header={t('terminals.manualSn')}>
        <List.Item
          extra={
            <Button
              size="small"
              color="primary"
              loading={busy}
              onClick={() => void look(manual)}
              data-testid="scan-lookup"
            >
              {t('terminals.lookup')}
            </Button>
          }
        >
          <Input
            placeholder={t('terminals.manualPh')}
            value={manual}
            onChange={(v) => setManual(v.toUpperCase())}
            onEnterPress={() => void look(manual)}
            maxLength={32}
            clearable
            aria-label={t('terminals.manualSn')}
            data-testid="scan-manual"
          />
        </List.Item>
      </List>
      {error && (
        <Result status="error" title={error} description={manual} data-testid="scan-error" />
      )}
      {result && (
        <div data-testid="scan-result">
          <Result
            status={result.canBind ? 'success' : 'info'}
            title={result.sn}
            description={`${result.brandName} ${result.model} · ${t(
              `terminals.${result.bindStatus === 0 ? 'unbound' : result.bindStatus === 1 ? 'bound' : 'activated'}`,
            )} · ${result.canBind ? t('terminals.canBind') : t('terminals.cannotBind')}`}
          />
          <div className="term-actions">
            {result.canBind && (
              <Button
                block
                color="primary"
                onClick={() =>
                  navigate(`/pages/home/terminal/terminalBind?sn=${encodeURIComponent(result.sn)}`)
                }
                data-testid="scan-go-bind"
              >
                {t('terminals.goBind')}
              </Button>
            )}
            <Button
              block
              onClick={() =>
                navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(result.sn)}`)
              }
            >
              {t('terminals.viewTerminal')}
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
