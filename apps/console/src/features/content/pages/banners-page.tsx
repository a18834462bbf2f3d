import {
  ModalForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
  type ActionType,
  type ProFormInstance,
} from '@ant-design/pro-components';
import type { AdminBanner, SaveBannerRequest } from '@pos/core';
import { App, Button, Tag, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { editDeleteColumn, toolbarIf } from '@/components/row-actions';
import { api } from '@/lib/api';
import { uploadImage } from '@/lib/upload';
import { useI18n } from '@/lib/i18n';
import { bannerSavedText, bannerTitleHint } from '@/lib/review-words';

/** Home and shop banners: what the agent app's carousels show, in this order. */
export default function BannersPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const formRef = useRef<ProFormInstance<SaveBannerRequest> | undefined>(undefined);
  const { message } = App.useApp();
  /** Uploads the chosen image; the banner then points at its published address. */
  const upload = async (file: File) => {
    try {
      formRef.current?.setFieldsValue({ imageUrl: await uploadImage(file) });
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const [editing, setEditing] = useState<Partial<AdminBanner> | null>(null);
  const columns: ProColumns<AdminBanner>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    { title: t('title'), dataIndex: 'title', search: false },
    {
      title: t('type'),
      dataIndex: 'bannerType',
      valueType: 'select',
      valueEnum: { 1: { text: t('home') }, 2: { text: t('shop') } },
    },
    {
      title: t('image'),
      dataIndex: 'imageUrl',
      search: false,
      render: (_, r) => <img src={r.imageUrl} alt="" height={40} />,
    },
    {
      title: t('shown'),
      dataIndex: 'isShow',
      valueType: 'select',
      valueEnum: { true: { text: t('yes') }, false: { text: t('no') } },
      render: (_, r) => (
        <Tag color={r.isShow ? 'green' : 'default'}>{r.isShow ? t('yes') : t('no')}</Tag>
      ),
    },
    { title: t('sort'), dataIndex: 'sort', search: false, sorter: true },
    editDeleteColumn<AdminBanner>({
      allowed: can('content:publish'),
      words: { title: t('actions'), edit: t('edit'), remove: t('delete'), confirm: t('delete') },
      onEdit: setEditing,
      onRemove: async (r) => {
        await api('/banners/delete', { body: { id: r.id } });
        void ref.current?.reload();
      },
    }),
  ];
  return (
    <>
      <KeysetTable<AdminBanner>
        actionRef={ref}
        headerTitle={t('banners')}
        path="/banners"
        rowKey="id"
        fileName="banners"
        columns={columns}
        toolbar={toolbarIf(
          can('content:publish'),
          <Button
            key="n"
            type="primary"
            onClick={() => setEditing({ bannerType: 1, isShow: true, sort: 0 })}
            data-testid="new-banner"
          >
            {t('create')}
          </Button>,
        )}
      />
      <ModalForm<SaveBannerRequest>
        formRef={formRef}
        title={editing?.id ? t('edit') : t('create')}
        open={editing !== null}
        initialValues={editing ?? undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          await api('/banners/save', { body: { ...v, id: editing?.id, content: v.content ?? '' } });
          void message.success(bannerSavedText(v.title, !editing?.id, lang));
          setEditing(null);
          void ref.current?.reload();
          return true;
        }}
      >
        <ProFormText
          name="title"
          label={t('title')}
          rules={[{ required: true }]}
          fieldProps={{ 'data-testid': 'banner-title' } as object}
          extra={<span data-testid="banner-title-hint">{bannerTitleHint(lang)}</span>}
        />
        <ProFormText
          name="imageUrl"
          label={t('image')}
          rules={[{ required: true }]}
          fieldProps={{ 'data-testid': 'banner-image' } as object}
          extra={
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button size="small" style={{ marginTop: 8 }} data-testid="banner-upload">
                {t('uploadImage')}
              </Button>
            </Upload>
          }
        />
        <ProFormRadio.Group
          name="bannerType"
          label={t('type')}
          options={[
            { label: t('home'), value: 1 },
            { label: t('shop'), value: 2 },
          ]}
        />
        <ProFormSwitch name="isShow" label={t('shown')} />
        <ProFormDigit
          name="sort"
          label={t('sort')}
          min={0}
          max={9999}
          fieldProps={{ precision: 0 }}
        />
        <ProFormTextArea name="content" label={L('内容')} />
      </ModalForm>
    </>
  );
}
