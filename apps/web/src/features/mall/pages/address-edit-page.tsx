import { validators, type MallAddressInput } from '@pos/core';
import { Button, Dialog, Form, Input, Switch, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { MissingRecord } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { SubmitButton } from '@/components/ui/submit-button';
import { useQueryParam } from '@/lib/routing';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';
import { RegionPicker, type Region } from '../components/region-picker';
import '../i18n';
import '../mall.css';

interface Values {
  name: string;
  mobile: string;
  region: Region | null;
  detail: string;
  isDefault: boolean;
}

/** The chosen region as the form field shows it (the wheel sets it). */
function RegionText({ value, placeholder }: { value?: Region | null; placeholder: string }) {
  return (
    <span className={value ? '' : 'mall-placeholder'} data-testid="address-region" role="button">
      {value ? `${value.province} ${value.city} ${value.district}` : placeholder}
    </span>
  );
}

/** Add or edit an address (/pages/mall/address-edit[?id=]): the core validators, a region wheel. */
export default function MallAddressEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idText = useQueryParam('id');
  const id = idText === null ? null : Number(idText);
  const idOk = id === null || (Number.isInteger(id) && id > 0);
  const addresses = useAddresses();
  const existing = id === null ? null : (addresses.data?.find((a) => a.id === id) ?? null);
  const save = useSaveAddress();
  const del = useDeleteAddress();
  const [form] = Form.useForm<Values>();
  const [region, setRegion] = useState<Region | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!existing) return;
    form.setFieldsValue({
      name: existing.name,
      mobile: existing.mobile,
      detail: existing.detail,
      isDefault: existing.isDefault,
      region: { province: existing.province, city: existing.city, district: existing.district },
    });
    setRegion({ province: existing.province, city: existing.city, district: existing.district });
  }, [existing, form]);

  if (!idOk || (id !== null && addresses.isSuccess && !existing)) {
    return (
      <Page title={t('mall.editAddress')} className="mall-page" backTo="/pages/mall/address">
        <MissingRecord backTo="/pages/mall/address" />
      </Page>
    );
  }

  const finish = async (v: Values) => {
    if (!v.region) return;
    const body: MallAddressInput = {
      ...(id !== null ? { id } : {}),
      name: v.name.trim(),
      mobile: v.mobile.trim(),
      ...v.region,
      detail: v.detail.trim(),
      isDefault: Boolean(v.isDefault),
    };
    try {
      await save.mutateAsync(body);
      Toast.show({ icon: 'success', content: t('mall.saved') });
      navigate(-1);
    } catch {
      // The server's message is shown by the API client.
    }
  };

  return (
    <Page
      title={id === null ? t('mall.addAddress') : t('mall.editAddress')}
      className="mall-page"
      backTo="/pages/mall/address"
    >
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ isDefault: false, region: null }}
        onFinish={(v) => void finish(v)}
        footer={
          <>
            <SubmitButton loading={save.isPending} testId="save-address">
              {t('mall.save')}
            </SubmitButton>
            {id !== null && (
              <Button
                block
                fill="none"
                color="danger"
                className="mall-delete"
                onClick={async () => {
                  if (!(await Dialog.confirm({ content: t('mall.deleteConfirm') }))) return;
                  try {
                    await del.mutateAsync(id);
                    Toast.show({ icon: 'success', content: t('mall.deleted') });
                    navigate(-1);
                  } catch {
                    // shown by the API client
                  }
                }}
                data-testid="delete-address"
              >
                {t('mall.deleteAddress')}
              </Button>
            )}
          </>
        }
      >
        <Form.Item
          name="name"
          label={t('mall.name')}
          required
          rules={[coreRule((v) => validators.chineseName(String(v).trim()))]}
        >
          <Input
            placeholder={t('mall.namePlaceholder')}
            aria-label={t('mall.name')}
            data-testid="address-name"
          />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('mall.mobile')}
          required
          rules={[coreRule((v) => validators.mobile(String(v).trim()))]}
        >
          <Input
            placeholder={t('mall.mobilePlaceholder')}
            inputMode="numeric"
            maxLength={11}
            aria-label={t('mall.mobile')}
            data-testid="address-mobile"
          />
        </Form.Item>
        {/* A field of the form, so it is marked required like the others and says so itself. */}
        <Form.Item
          name="region"
          label={t('mall.region')}
          rules={[{ required: true, message: t('mall.regionRequired') }]}
          onClick={() => setPicking(true)}
          arrow
        >
          <RegionText placeholder={t('mall.regionPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="detail"
          label={t('mall.detailAddress')}
          rules={[{ required: true, whitespace: true, message: t('mall.detailRequired') }]}
        >
          <Input
            placeholder={t('mall.detailPlaceholder')}
            maxLength={100}
            aria-label={t('mall.detailAddress')}
            data-testid="address-detail"
          />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('mall.isDefault')}
          childElementPosition="right"
          valuePropName="checked"
        >
          <Switch data-testid="address-default" />
        </Form.Item>
      </Form>
      <RegionPicker
        visible={picking}
        onClose={() => setPicking(false)}
        value={region}
        onChange={(r) => {
          setRegion(r);
          form.setFieldValue('region', r);
          void form.validateFields(['region']).catch(() => undefined);
        }}
      />
    </Page>
  );
}
