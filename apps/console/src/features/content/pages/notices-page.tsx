import {
  ModalForm,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import type { AdminNotice, SaveNoticeRequest } from '@pos/core';
import { App, Button } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { editDeleteColumn, toolbarIf } from '@/components/row-actions';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { noticeSavedText } from '@/lib/review-words';

export default function NoticesPage() {
  const { t, L, lang } = useI18n();
  const { message } = App.useApp();
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<Partial<AdminNotice> | null>(null);
  const columns: ProColumns<AdminNotice>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    { title: t('keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('title'), dataIndex: 'title', search: false },
    {
      title: t('createdAt'),
      dataIndex: 'publishedAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    editDeleteColumn<AdminNotice>({
      allowed: can('content:publish'),
      words: { title: t('actions'), edit: t('edit'), remove: t('delete'), confirm: t('delete') },
      onEdit: setEditing,
      onRemove: async (r) => {
        await api('/notices/delete', { body: { id: r.id } });
        void ref.current?.reload();
      },
    }),
  ];
  return (
    <>
      <KeysetTable<AdminNotice>
        actionRef={ref}
        headerTitle={t('notices')}
        path="/notices"
        rowKey="id"
        fileName="notices"
        columns={columns}
        toolbar={toolbarIf(
          can('content:publish'),
          <Button key="n" type="primary" onClick={() => setEditing({})}>
            {t('create')}
          </Button>,
        )}
      />
      <ModalForm<SaveNoticeRequest>
        title={editing?.id ? t('edit') : t('create')}
        open={editing !== null}
        initialValues={editing ?? undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          await api('/notices/save', { body: { ...v, id: editing?.id } });
          void message.success(noticeSavedText(v.title, !editing?.id, lang));
          setEditing(null);
          void ref.current?.reload();
          return true;
        }}
      >
        <ProFormText name="title" label={t('title')} rules={[{ required: true }]} />
        <ProFormTextArea name="content" label={L('内容')} rules={[{ required: true }]} />
      </ModalForm>
    </>
  );
}
