import { SN_PATTERN, normalizeSn, snFromScan, type MerchantListItem } from '@pos/core';
import { Button, Form, Input, List, Popup, Tabs, Toast } from 'antd-mobile';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { validators } from '@pos/core';
import { useBindTerminal } from '../api/bind-terminal';
import { useTerminalInfo } from '../api/get-terminal-info';
import { CameraScanner } from '../components/camera-scanner';
import { MerchantPicker } from '../components/merchant-picker';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMyAgentId } from '../hooks/use-role';
import '../i18n';
import '../terminals.css';

interface NewMerchantForm {
  name: string;
  legalName: string;
  mobile: string;
  address?: string;
}

/**
 * Binds a terminal I hold to a merchant: the SN typed (always possible) or scanned, then a new
 * merchant signed up with it or one of mine. The terminal's state shows as soon as the SN reads.
 */
export default function TerminalBindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMyAgentId();
  const [params] = useSearchParams();
  const [sn, setSn] = useState(normalizeSn(params.get('sn') ?? ''));
  const [scanning, setScanning] = useState(false);
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [merchant, setMerchant] = useState<MerchantListItem | null>(null);
  const [pickingMerchant, setPickingMerchant] = useState(false);
  const [form] = Form.useForm<NewMerchantForm>();
  const bind = useBindTerminal();
  const settled = useDebouncedValue(sn);
  const lookup = useTerminalInfo(SN_PATTERN.test(settled) ? settled : '');
  const info = lookup.data;

  let status = null;
  if (lookup.isError) {
    status = (
      <div className="term-selection-note is-error" data-testid="bind-lookup">
        {lookup.error instanceof ApiError ? lookup.error.message : t('common.loadFailed')}
      </div>
    );
  } else if (info) {
    const state = t(
      `terminals.${info.bindStatus === 0 ? 'unbound' : info.bindStatus === 1 ? 'bound' : 'activated'}`,
    );
    status = (
      <div
        className={`term-selection-note ${info.canBind ? '' : 'is-error'}`}
        data-testid="bind-lookup"
      >
        {t('terminals.terminalFound', { brand: info.brandName, model: info.model, status: state })}
        {' · '}
        {info.canBind ? t('terminals.canBind') : t('terminals.cannotBind')}
      </div>
    );
  }

  const submit = async () => {
    const code = normalizeSn(sn);
    if (!code) {
      Toast.show({ content: t('terminals.required', { field: t('terminals.bindSn') }) });
      return;
    }
    let payload;
    if (mode === 'existing') {
      if (!merchant) {
        Toast.show({ content: t('terminals.pickMerchant') });
        return;
      }
      payload = { sn: code, merchantId: merchant.id };
    } else {
      let values: NewMerchantForm;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      payload = {
        sn: code,
        merchant: {
          name: values.name.trim(),
          legalName: values.legalName.trim(),
          mobile: values.mobile.trim(),
          address: values.address?.trim() || undefined,
        },
      };
    }
    try {
      await bind.mutateAsync(payload);
    } catch {
      return;
    }
    Toast.show({ icon: 'success', content: t('terminals.bindDone') });
    navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(code)}`, { replace: true });
  };

  return (
    <Page title={t('terminals.bindTitle')} className="term-page" backTo="/pages/terminal/index">
      <List mode="card" header={t('terminals.bindSn')}>
        <List.Item
          extra={
            <button
              type="button"
              className="term-icon-button"
              aria-label={t('terminals.scanBtn')}
              onClick={() => setScanning(true)}
              data-testid="bind-scan"
            >
              <ScanCodeOutline />
            </button>
          }
        >
          <Input
            placeholder={t('terminals.bindSnPh')}
            value={sn}
            onChange={(v) => setSn(v.toUpperCase().trim())}
            maxLength={32}
            clearable
            aria-label={t('terminals.bindSn')}
            data-testid="bind-sn"
          />
        </List.Item>
      </List>
      <div className="term-pad">{status}</div>
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as 'new' | 'existing')}
        className="term-merchant-tabs"
      >
        <Tabs.Tab key="new" title={t('terminals.merchantMode.new')} />
        <Tabs.Tab key="existing" title={t('terminals.merchantMode.existing')} />
      </Tabs>
      {mode === 'new' ? (
        <Form form={form} layout="horizontal" mode="card">
          <Form.Item
            name="name"
            label={t('terminals.merchantName')}
            rules={[
              {
                required: true,
                message: t('terminals.required', { field: t('terminals.merchantName') }),
              },
              { min: 2, max: 40, message: '商户名称为2-40个字' },
            ]}
          >
            <Input
              placeholder={t('terminals.merchantNamePh')}
              maxLength={40}
              data-testid="merchant-name"
            />
          </Form.Item>
          <Form.Item
            name="legalName"
            label={t('terminals.legalName')}
            rules={[
              {
                required: true,
                message: t('terminals.required', { field: t('terminals.legalName') }),
              },
              { pattern: /^\p{Script=Han}{2,10}$/u, message: '法人姓名为2-10个汉字' },
            ]}
          >
            <Input
              placeholder={t('terminals.legalNamePh')}
              maxLength={10}
              data-testid="merchant-legal"
            />
          </Form.Item>
          <Form.Item
            name="mobile"
            required
            label={t('terminals.mobile')}
            rules={[coreRule(validators.mobile)]}
          >
            <Input
              placeholder={t('terminals.mobilePh')}
              maxLength={11}
              type="tel"
              data-testid="merchant-mobile"
            />
          </Form.Item>
          <Form.Item name="address" label={t('terminals.address')}>
            <Input placeholder={t('terminals.addressPh')} maxLength={100} />
          </Form.Item>
        </Form>
      ) : (
        <List mode="card">
          <List.Item
            onClick={() => setPickingMerchant(true)}
            extra={merchant ? merchant.name : t('terminals.pickMerchant')}
            description={merchant ? `${merchant.merchantNo} · ${merchant.mobile}` : undefined}
          >
            {t('terminals.merchant')}
          </List.Item>
        </List>
      )}
      <div className="term-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={bind.isPending}
          onClick={() => void submit()}
          data-testid="bind-submit"
        >
          {t('terminals.bindSubmit')}
        </Button>
      </div>
      <Popup
        visible={scanning}
        onMaskClick={() => setScanning(false)}
        bodyClassName="term-popup"
        destroyOnClose
      >
        <div className="term-popup-title">{t('terminals.scanTitle')}</div>
        <div className="term-popup-body">
          <CameraScanner
            onDetected={(text) => {
              const code = snFromScan(text);
              if (code) setSn(code);
              setScanning(false);
            }}
          />
        </div>
      </Popup>
      {pickingMerchant && (
        <MerchantPicker
          agentId={me}
          visible={pickingMerchant}
          onClose={() => setPickingMerchant(false)}
          onPick={(m) => {
            setMerchant(m);
            setPickingMerchant(false);
          }}
        />
      )}
    </Page>
  );
}
