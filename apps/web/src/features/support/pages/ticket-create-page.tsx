import {
  TICKET_DESCRIPTION_MAX,
  TICKET_DESCRIPTION_MIN,
  TICKET_IMAGE_MAX_BYTES,
  TICKET_IMAGES_MAX,
  ticketTypeOptions,
} from '@pos/core';
import { Form, ImageUploader, Selector, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { SubmitButton } from '@/components/ui/submit-button';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { createTicket, ticketKeys, uploadTicketImage } from '../api/tickets';
import '../i18n';
import '../support.css';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Values {
  type?: number[];
  description?: string;
}

/**
 * Opening a ticket (/pages/ticket/create): a topic, a description and up to three images, each
 * checked for type and size here and again by the server, uploaded as soon as it is picked.
 */
export default function TicketCreatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const id = await createTicket({
        type: v.type?.[0] ?? 0,
        description: v.description ?? '',
        imageIds: images.map((i) => Number(i.key)),
      });
      Toast.show({ icon: 'success', content: t('support.submitted') });
      void qc.invalidateQueries({ queryKey: ticketKeys.all });
      navigate(`/pages/ticket/detail?id=${id}`, { replace: true });
    } catch {
      // The server's message was shown; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('support.create')} backTo="/pages/ticket/index">
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        footer={
          <SubmitButton loading={busy} testId="ticket-submit">
            {t('support.submit')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="type"
          label={t('support.type')}
          rules={[{ required: true, message: t('support.typePlaceholder') }]}
        >
          <Selector
            columns={2}
            options={ticketTypeOptions.map((o) => ({
              value: o.value,
              label: lang === 'en' ? o.en : o.zh,
            }))}
            data-testid="ticket-type"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('support.description')}
          rules={[
            { required: true, message: t('support.descriptionPlaceholder') },
            { min: TICKET_DESCRIPTION_MIN, message: t('support.descriptionPlaceholder') },
          ]}
        >
          <TextArea
            placeholder={t('support.descriptionPlaceholder')}
            rows={5}
            maxLength={TICKET_DESCRIPTION_MAX}
            showCount
            data-testid="ticket-description"
          />
        </Form.Item>
        <Form.Item label={t('support.images')} help={t('support.imageLimit')}>
          <div data-testid="ticket-images">
            <ImageUploader
              value={images}
              onChange={setImages}
              maxCount={TICKET_IMAGES_MAX}
              multiple
              accept={TYPES.join(',')}
              beforeUpload={(file) => {
                if (!TYPES.includes(file.type)) {
                  Toast.show({ content: t('support.badType') });
                  return null;
                }
                if (file.size > TICKET_IMAGE_MAX_BYTES) {
                  Toast.show({ content: t('support.tooLarge') });
                  return null;
                }
                return file;
              }}
              upload={async (file) => {
                const res = await uploadTicketImage(file);
                return { key: res.imageId, url: URL.createObjectURL(file) };
              }}
            />
          </div>
        </Form.Item>
      </Form>
    </Page>
  );
}
