import { validators } from '@pos/core';
import { Button, Dialog, Form, Input, List, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useMerchant } from '../api/get-merchant';
import { useSubmitIdentification } from '../api/submit-identification';
import { ImageUploadField } from '../components/image-upload-field';
import { IdentifyTag } from '../components/status-tags';
import { positiveId } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

interface IdentForm {
  legalName: string;
  idCard: string;
  frontFileId: number | null;
  backFileId: number | null;
}

const imageRule = (message: string) => ({
  validator: (_r: unknown, v: number | null) =>
    v ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Identification of a merchant's legal person: name, ID number (checked as typed) and both card sides. */
export default function IdentificationMerchantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const q = useMerchant(id);
  const submit = useSubmitIdentification();
  const [form] = Form.useForm<IdentForm>();
  const m = q.data;

  const onSubmit = async () => {
    if (!id) return;
    let v: IdentForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    let res;
    try {
      res = await submit.mutateAsync({
        id,
        legalName: v.legalName.trim(),
        idCard: v.idCard.trim().toUpperCase(),
        frontFileId: v.frontFileId!,
        backFileId: v.backFileId!,
      });
    } catch {
      return;
    }
    if (res.status === 1) {
      Toast.show({ icon: 'success', content: t('merchants.identified') });
      navigate(-1);
    } else {
      await Dialog.alert({ content: t('merchants.identifyFailed', { reason: res.reason ?? '' }) });
    }
  };

  let body = recordGate(
    !!id,
    q,
    '/pages/home/identification/index',
    <Skeleton.Paragraph lineCount={10} animated />,
  );
  if (!body && m?.identification.status === 1) {
    body = (
      <List mode="card" header={m.name}>
        <List.Item extra={<IdentifyTag status={1} />}>{t('merchants.status')}</List.Item>
        <List.Item extra={m.identification.idCardMasked}>{t('merchants.idCard')}</List.Item>
        <List.Item extra={m.legalName}>{t('merchants.legalName')}</List.Item>
      </List>
    );
  } else if (!body && m) {
    body = (
      <>
        <div className="merch-head">
          <div className="merch-head-name">{m.name}</div>
          <div className="merch-card-tags">
            <IdentifyTag status={m.identification.status} />
          </div>
          {m.identification.reason && <div className="merch-error">{m.identification.reason}</div>}
        </div>
        <div className="merch-intro">{t('merchants.identHint')}</div>
        <Form form={form} layout="vertical" mode="card">
          <Form.Item
            name="legalName"
            label={t('merchants.legalName')}
            rules={[
              {
                required: true,
                message: t('merchants.required', { field: t('merchants.legalName') }),
              },
              { pattern: /^\p{Script=Han}{2,10}$/u, message: '法人姓名为2-10个汉字' },
            ]}
          >
            <Input maxLength={10} placeholder={m.legalName} />
          </Form.Item>
          <Form.Item
            name="idCard"
            required
            label={t('merchants.idCard')}
            rules={[coreRule(validators.idCard)]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item
            name="frontFileId"
            required
            label={t('merchants.idFront')}
            rules={[imageRule(t('merchants.uploadRequired', { field: t('merchants.idFront') }))]}
          >
            <ImageUploadField merchantId={m.id} kind="id_front" />
          </Form.Item>
          <Form.Item
            name="backFileId"
            required
            label={t('merchants.idBack')}
            rules={[imageRule(t('merchants.uploadRequired', { field: t('merchants.idBack') }))]}
          >
            <ImageUploadField merchantId={m.id} kind="id_back" />
          </Form.Item>
        </Form>
        <div className="merch-actions">
          <Button
            block
            color="primary"
            size="large"
            loading={submit.isPending}
            onClick={() => void onSubmit()}
          >
            {t('merchants.submit')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <Page
      title={t('merchants.identMerchantTitle')}
      className="merch-page"
      backTo="/pages/home/identification/index"
    >
      {body}
    </Page>
  );
}
