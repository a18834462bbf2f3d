import type { AdminBrand } from '@pos/core';
import { App, Button, Card, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { totalText } from '@/lib/review-words';

interface Editing {
  id?: number;
  name: string;
  models: string[];
}

/**
 * Brands and their models: what terminal import accepts and product policies are defined for.
 * A model terminals still carry cannot be removed; the server says which.
 */
export default function BrandsPage() {
  const { L, lang } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const [brands, setBrands] = useState<AdminBrand[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Editing>();
  const load = useCallback(() => void api<AdminBrand[]>('/brands').then(setBrands), []);
  useEffect(load, [load]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing?.id) {
        await api('/brands/models', { body: { id: editing.id, models: v.models }, quiet: true });
      } else {
        await api('/brands/create', { body: { name: v.name, models: v.models }, quiet: true });
      }
      void message.success(L('保存成功'));
      setEditing(null);
      load();
    } catch (err) {
      if (err instanceof ApiError) {
        void message.error(err.message);
        if (err.field === 'name' || err.field === 'models')
          form.setFields([{ name: err.field, errors: [err.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={L('品牌与型号')}
      extra={
        can('terminal:import') && (
          <Button
            type="primary"
            data-testid="new-brand"
            onClick={() => {
              form.resetFields();
              setEditing({ name: '', models: [] });
            }}
          >
            {L('新建品牌')}
          </Button>
        )
      }
    >
      <Table<AdminBrand>
        rowKey="id"
        loading={brands === null}
        dataSource={brands ?? []}
        pagination={false}
        footer={(rows) => <span data-testid="list-total">{totalText(rows.length, lang)}</span>}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: L('品牌'), dataIndex: 'name' },
          {
            title: L('型号'),
            dataIndex: 'models',
            render: (models: string[]) => models.map((m) => <Tag key={m}>{m}</Tag>),
          },
          { title: L('产品政策数'), dataIndex: 'policyCount' },
          {
            title: L('操作'),
            key: 'actions',
            render: (_, b) =>
              can('terminal:import') && (
                <a
                  data-testid={`models-${b.id}`}
                  onClick={() => {
                    form.setFieldsValue({ name: b.name, models: b.models });
                    setEditing({ id: b.id, name: b.name, models: b.models });
                  }}
                >
                  {L('编辑型号')}
                </a>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? `${L('编辑型号')} · ${editing.name}` : L('新建品牌')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={editing ?? undefined}>
          <Form.Item
            name="name"
            label={L('品牌名称')}
            rules={[{ required: true, message: L('请填写品牌名称') }]}
          >
            <Input maxLength={40} disabled={Boolean(editing?.id)} id="brand-name" />
          </Form.Item>
          <Form.Item
            name="models"
            label={L('型号（回车添加）')}
            rules={[{ required: true, message: L('请至少填写一个型号') }]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} id="brand-models" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
