import { ID_CARD_IMAGE_MAX_BYTES, validators } from '@pos/core';
import { Form, Input, NoticeBar, Result, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { coreRule } from '@/components/ui/form-rules';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { SubmitButton } from '@/components/ui/submit-button';
import { useIdentityStatus } from '../api/get-identity-status';
import { useUploadIdCard } from '../api/upload-id-card';
import '../i18n';
import '../withdrawals.css';

function ImagePick({
  label,
  file,
  onPick,
  testId,
}: {
  label: string;
  file?: File;
  onPick: (f: File) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <label className="wd-image-pick" data-testid={testId}>
      {url && <img src={url} alt={label} />}
      <span>＋ {t('withdrawals.pickImage')}</span>
      <span>{label}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={label}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (!f) return;
          if (f.size > ID_CARD_IMAGE_MAX_BYTES) {
            Toast.show(t('withdrawals.imageTooBig'));
            return;
          }
          onPick(f);
        }}
      />
    </label>
  );
}

/** Real-name verification: name, ID number and both sides of the ID card (/pages/earnings/uploadIdCard). */
export default function UploadIdCardPage() {
  const { t } = useTranslation();
  const q = useIdentityStatus();
  const upload = useUploadIdCard();
  const [form] = Form.useForm();
  const [front, setFront] = useState<File>();
  const [back, setBack] = useState<File>();

  const submit = async (values: { realName: string; idCard: string }) => {
    if (!front && !q.data?.hasFront)
      return Toast.show(t('withdrawals.imageRequired', { side: t('withdrawals.front') }));
    if (!back && !q.data?.hasBack)
      return Toast.show(t('withdrawals.imageRequired', { side: t('withdrawals.back') }));
    try {
      const res = await upload.mutateAsync({ ...values, front, back });
      if (res?.verified) Toast.show({ icon: 'success', content: t('withdrawals.verified') });
    } catch {
      // toasted by the request client
    }
  };

  return (
    <Page title={t('withdrawals.uploadIdCard')} className="wd-page">
      {q.isLoading ? (
        <div className="wd-block">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : q.isError || !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.verified ? (
        <Result
          status="success"
          title={t('withdrawals.verified')}
          description={t('withdrawals.verifiedDesc', {
            name: q.data.realNameMasked ?? '',
            id: q.data.idCardMasked ?? '',
          })}
        />
      ) : (
        <>
          {q.data.status === 3 && q.data.reason && (
            <NoticeBar
              color="alert"
              content={t('withdrawals.refused', { reason: q.data.reason })}
            />
          )}
          <Form
            form={form}
            layout="horizontal"
            onFinish={(v) => void submit(v)}
            footer={
              <SubmitButton loading={upload.isPending} testId="submit-verify">
                {t('withdrawals.submitVerify')}
              </SubmitButton>
            }
          >
            <Form.Item
              name="realName"
              label={t('withdrawals.realName')}
              rules={[{ required: true, message: t('withdrawals.realNameRequired') }]}
            >
              <Input
                placeholder={t('withdrawals.realNamePlaceholder')}
                aria-label={t('withdrawals.realName')}
                data-testid="real-name"
              />
            </Form.Item>
            <Form.Item
              name="idCard"
              label={t('withdrawals.idCard')}
              rules={[coreRule(validators.idCard)]}
            >
              <Input
                placeholder={t('withdrawals.idCardPlaceholder')}
                maxLength={18}
                aria-label={t('withdrawals.idCard')}
                data-testid="id-card"
              />
            </Form.Item>
            <Form.Header />
            <div className="wd-block wd-images">
              <ImagePick
                label={t('withdrawals.front')}
                file={front}
                onPick={setFront}
                testId="front-image"
              />
              <ImagePick
                label={t('withdrawals.back')}
                file={back}
                onPick={setBack}
                testId="back-image"
              />
            </div>
          </Form>
        </>
      )}
    </Page>
  );
}
