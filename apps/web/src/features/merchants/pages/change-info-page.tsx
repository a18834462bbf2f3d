import { LICENCE_NO_PATTERN, formatDate, type MerchantLicenceRequest } from '@pos/core';
import { Button, DatePicker, Form, Input, Skeleton, Switch, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { chooseLocationUrl, startLocationPick, useLocationPickReturn } from '@/lib/location-pick';
import { useMerchant } from '../api/get-merchant';
import { useSubmitLicence } from '../api/submit-licence';
import { ImageUploadField } from '../components/image-upload-field';
import { LicenceTag } from '../components/status-tags';
import { positiveId } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

interface LicenceForm {
  licenceNo: string;
  licenceName: string;
  licenceAddress: string;
  businessScope?: string;
  fileId: number | null;
}

/** What the form held when the agent went to choose the address, to carry on from on return. */
interface LicenceDraft {
  values: Partial<LicenceForm>;
  longTerm: boolean;
  /** ISO time of the chosen validity date, or null. */
  validTo: string | null;
}

/** The licence address's limit (the server's too). */
const LICENCE_ADDRESS_MAX = 100;

/**
 * The business licence of a merchant (supplement or change): credit code, name, address, validity
 * (a date or long term), scope and a photo. Submitting puts it under the platform's review.
 */
export default function ChangeInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const q = useMerchant(id);
  const submit = useSubmitLicence();
  const [form] = Form.useForm<LicenceForm>();
  const [longTerm, setLongTerm] = useState(true);
  const [validTo, setValidTo] = useState<Date | null>(null);
  const [picking, setPicking] = useState(false);
  // Coming back from the choose-location page: the form as it was, and the address chosen.
  const back = useLocationPickReturn<LicenceDraft>();
  const m = q.data;

  useEffect(() => {
    if (!m) return;
    const draft = back?.draft;
    form.setFieldsValue({
      licenceNo: m.licence.licenceNo ?? '',
      licenceName: m.licence.licenceName ?? m.name,
      licenceAddress: m.licence.licenceAddress ?? m.address,
      businessScope: m.licence.businessScope ?? '',
      fileId: m.licence.fileId,
      ...draft?.values,
      ...(back?.picked
        ? { licenceAddress: back.picked.address.slice(0, LICENCE_ADDRESS_MAX) }
        : {}),
    });
    if (draft) {
      setLongTerm(draft.longTerm);
      setValidTo(draft.validTo ? new Date(draft.validTo) : null);
    } else if (m.licence.validTo && m.licence.validTo !== '长期') {
      setLongTerm(false);
      setValidTo(new Date(`${m.licence.validTo}T00:00:00+08:00`));
    }
    // The chosen address is checked by the field's own rules at once.
    if (back?.picked) void form.validateFields(['licenceAddress']).catch(() => undefined);
  }, [m, form, back]);

  /** Opens the choose-location page; the form is kept for when it comes back here. */
  const chooseAddress = () => {
    const here = location.pathname + location.search;
    const values = form.getFieldsValue();
    startLocationPick<LicenceDraft>(here, {
      values,
      longTerm,
      validTo: validTo ? validTo.toISOString() : null,
    });
    navigate(chooseLocationUrl({ returnTo: here, address: values.licenceAddress ?? '' }));
  };

  const onSubmit = async () => {
    if (!id) return;
    let values: LicenceForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!longTerm && !validTo) {
      Toast.show({ content: t('merchants.required', { field: t('merchants.validTo') }) });
      return;
    }
    const input: MerchantLicenceRequest = {
      id,
      licenceNo: values.licenceNo.trim().toUpperCase(),
      licenceName: values.licenceName.trim(),
      licenceAddress: values.licenceAddress.trim(),
      validTo: longTerm ? '长期' : formatDate(validTo),
      businessScope: values.businessScope?.trim() || undefined,
      fileId: values.fileId!,
    };
    try {
      await submit.mutateAsync(input);
    } catch {
      return;
    }
    Toast.show({ icon: 'success', content: t('merchants.submitted') });
    navigate(-1);
  };

  let body = recordGate(
    !!id,
    q,
    '/pages/home/merchantSupplement/index',
    <Skeleton.Paragraph lineCount={10} animated />,
  );
  if (!body && m) {
    body = (
      <>
        <div className="merch-head">
          <div className="merch-head-name">{m.name}</div>
          <div className="merch-card-tags">
            <LicenceTag status={m.licence.status} />
          </div>
          {m.licence.reason && <div className="merch-error">{m.licence.reason}</div>}
        </div>
        <Form form={form} layout="vertical" mode="card">
          <Form.Item
            name="licenceNo"
            label={t('merchants.licenceNo')}
            rules={[
              {
                required: true,
                message: t('merchants.required', { field: t('merchants.licenceNo') }),
              },
              {
                // An empty field has the rule above; one field shows one message.
                validator: (_r, v: string) =>
                  !(v ?? '').trim() || LICENCE_NO_PATTERN.test(v.trim().toUpperCase())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('merchants.licenceNoFormat'))),
              },
            ]}
          >
            <Input maxLength={18} placeholder="91350211M000100Y43" data-testid="licence-no" />
          </Form.Item>
          <Form.Item
            name="licenceName"
            label={t('merchants.licenceName')}
            rules={[
              {
                required: true,
                min: 2,
                message: t('merchants.required', { field: t('merchants.licenceName') }),
              },
            ]}
          >
            <Input maxLength={60} data-testid="licence-name" />
          </Form.Item>
          <Form.Item
            name="licenceAddress"
            label={t('merchants.licenceAddress')}
            extra={
              <button
                type="button"
                className="merch-link"
                onClick={chooseAddress}
                data-testid="licence-address-choose"
              >
                {t('merchants.chooseLocation')}
              </button>
            }
            rules={[
              {
                required: true,
                min: 2,
                message: t('merchants.required', { field: t('merchants.licenceAddress') }),
              },
            ]}
          >
            <Input maxLength={LICENCE_ADDRESS_MAX} data-testid="licence-address" />
          </Form.Item>
          <Form.Item
            required
            label={t('merchants.validTo')}
            extra={<Switch checked={longTerm} onChange={setLongTerm} />}
          >
            {longTerm ? (
              t('merchants.longTerm')
            ) : (
              <button type="button" className="merch-link" onClick={() => setPicking(true)}>
                {validTo ? formatDate(validTo) : t('merchants.pickDate')}
              </button>
            )}
          </Form.Item>
          <Form.Item name="businessScope" label={t('merchants.businessScope')}>
            <TextArea maxLength={200} rows={2} />
          </Form.Item>
          <Form.Item
            name="fileId"
            required
            label={t('merchants.licencePhoto')}
            rules={[
              {
                validator: (_r, v: number | null) =>
                  v
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(
                          t('merchants.uploadRequired', { field: t('merchants.licencePhoto') }),
                        ),
                      ),
              },
            ]}
          >
            <ImageUploadField merchantId={m.id} kind="licence" testId="licence-photo" />
          </Form.Item>
        </Form>
        <div className="merch-actions">
          <Button
            block
            color="primary"
            size="large"
            loading={submit.isPending}
            onClick={() => void onSubmit()}
            data-testid="licence-submit"
          >
            {t('merchants.submit')}
          </Button>
        </div>
        <DatePicker
          visible={picking}
          onClose={() => setPicking(false)}
          min={new Date()}
          max={new Date(new Date().getFullYear() + 50, 11, 31)}
          value={validTo ?? undefined}
          onConfirm={(v) => setValidTo(v)}
        />
      </>
    );
  }
  return (
    <Page
      title={t('merchants.changeInfoTitle')}
      className="merch-page"
      backTo="/pages/home/merchantSupplement/index"
    >
      {body}
    </Page>
  );
}
