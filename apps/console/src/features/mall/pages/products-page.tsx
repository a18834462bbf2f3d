import type { AdminBrand, MallProduct } from '@pos/core';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { totalText } from '@/lib/review-words';
import { uploadImage } from '@/lib/upload';
import { BrandModelFields } from '@/components/brand-model-fields';

interface FormValues {
  id?: number;
  brandId?: number;
  model?: string;
  name: string;
  description?: string;
  imageUrl?: string;
  tiers: { minQty: number; price: number }[];
  stock: number;
  onSale: boolean;
}

const tiersText = (p: MallProduct) =>
  [...p.priceTiers]
    .sort((a, b) => a.minQty - b.minQty)
    .map((t) => `${t.minQty}+ ¥${yuan(t.unitPriceFen)}`)
    .join(' / ');

/**
 * The mall's products: a brand's model with price tiers by quantity, stock and whether it is on
 * sale. The server checks the brand has the model and the tiers start from 1 unit.
 */
export default function MallProductsPage() {
  const { L, lang } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const [products, setProducts] = useState<MallProduct[] | null>(null);
  const [brands, setBrands] = useState<AdminBrand[]>([]);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const load = useCallback(() => void api<MallProduct[]>('/mall/products').then(setProducts), []);
  useEffect(load, [load]);
  useEffect(() => void api<AdminBrand[]>('/brands').then(setBrands), []);

  const edit = (p?: MallProduct) => {
    form.resetFields();
    form.setFieldsValue(
      p
        ? {
            id: p.id,
            brandId: p.brandId,
            model: p.model,
            name: p.name,
            description: p.description,
            imageUrl: p.imageUrl ?? undefined,
            tiers: p.priceTiers.map((t) => ({ minQty: t.minQty, price: t.unitPriceFen / 100 })),
            stock: p.reserved ?? p.stock,
            onSale: p.onSale,
          }
        : { tiers: [{ minQty: 1, price: 0 }], stock: 0, onSale: false, name: '' },
    );
    setOpen(true);
  };

  const save = async () => {
    await form.validateFields();
    const v = form.getFieldsValue(true) as FormValues;
    setSaving(true);
    try {
      await api('/mall/products/save', {
        body: {
          id: v.id,
          brandId: v.brandId,
          model: v.model,
          name: v.name,
          description: v.description || undefined,
          imageUrl: v.imageUrl || undefined,
          priceTiers: v.tiers.map((t) => ({
            minQty: t.minQty,
            unitPriceFen: Math.round(t.price * 100),
          })),
          stock: v.stock,
          onSale: v.onSale,
        },
        quiet: true,
      });
      void message.success(L('保存成功'));
      setOpen(false);
      load();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void message.error(err.message);
      const field = err.field === 'priceTiers' ? 'tiers' : err.field;
      if (field && ['brandId', 'model', 'name', 'tiers', 'stock'].includes(field))
        form.setFields([{ name: field as keyof FormValues, errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={L('商城商品')}
      extra={
        can('mall:manage') && (
          <Button type="primary" onClick={() => edit()} data-testid="new-product">
            {L('新建商品')}
          </Button>
        )
      }
    >
      <Table<MallProduct>
        rowKey="id"
        loading={products === null}
        dataSource={products ?? []}
        pagination={false}
        footer={(rows) => <span data-testid="list-total">{totalText(rows.length, lang)}</span>}
        // Fixed widths and one line per header: at 1024 nothing wraps a character at a time,
        // long names are cut (whole on hover) and the edit link stays on screen.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: L('图片'),
            key: 'image',
            width: 72,
            render: (_, p) =>
              p.imageUrl ? (
                <img
                  src={p.imageUrl}
                  alt={p.name}
                  style={{ width: 48, height: 36, objectFit: 'cover' }}
                />
              ) : (
                '—'
              ),
          },
          {
            title: L('商品'),
            dataIndex: 'name',
            width: 160,
            ellipsis: { showTitle: true },
          },
          {
            title: L('品牌'),
            dataIndex: 'brandName',
            width: 100,
            ellipsis: { showTitle: true },
          },
          { title: L('型号'), dataIndex: 'model', width: 100, ellipsis: { showTitle: true } },
          {
            title: L('价格（按数量）'),
            key: 'tiers',
            width: 220,
            render: (_, p) => tiersText(p),
          },
          {
            title: L('可售库存'),
            dataIndex: 'stock',
            width: 180,
            render: (_, p) => (
              <span data-testid={`product-stock-${p.id}`}>
                {p.stock}
                <div style={{ color: '#888', fontSize: 12 }}>
                  {L('预留')} {p.reserved ?? p.stock} · {L('平台可用')} {p.platformFree ?? '—'}
                </div>
              </span>
            ),
          },
          {
            title: L('状态'),
            dataIndex: 'onSale',
            width: 90,
            render: (v: boolean) =>
              v ? <Tag color="green">{L('在售')}</Tag> : <Tag>{L('未上架')}</Tag>,
          },
          {
            title: L('操作'),
            key: 'op',
            width: 80,
            fixed: 'right',
            render: (_, p) =>
              can('mall:manage') && (
                <a onClick={() => edit(p)} data-testid={`edit-product-${p.id}`}>
                  {L('编辑')}
                </a>
              ),
          },
        ]}
      />
      <Modal
        open={open}
        title={form.getFieldValue('id') ? L('编辑商品') : L('新建商品')}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        confirmLoading={saving}
        okButtonProps={{ id: 'product-save' }}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="product-form" preserve={false}>
          <Space wrap>
            <BrandModelFields form={form} brands={brands} style={{ width: 160 }} />
          </Space>
          <Form.Item
            name="name"
            label={L('商品名称')}
            rules={[{ required: true, whitespace: true, message: L('请填写商品名称') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="description" label={L('商品介绍')}>
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item label={L('商品图片')}>
            <Space align="start">
              <Form.Item name="imageUrl" noStyle>
                <Input
                  maxLength={300}
                  placeholder="/prod-api/files/..."
                  data-testid="product-image"
                />
              </Form.Item>
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  void uploadImage(file, '/mall/products/image')
                    .then((url) => form.setFieldsValue({ imageUrl: url }))
                    .catch((err: Error) => void message.error(err.message));
                  return false;
                }}
              >
                <Button data-testid="product-image-upload">{L('上传图片')}</Button>
              </Upload>
            </Space>
          </Form.Item>
          <Form.List name="tiers">
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={L('价格（按数量）')} style={{ marginBottom: 0 }}>
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline">
                      <Form.Item
                        name={[f.name, 'minQty']}
                        rules={[{ required: true, message: L('请填写') }]}
                      >
                        <InputNumber min={1} precision={0} addonAfter={L('台起')} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'price']}
                        rules={[{ required: true, message: L('请填写') }]}
                      >
                        <InputNumber min={0} precision={2} addonAfter={L('元/台')} />
                      </Form.Item>
                      {fields.length > 1 && (
                        <Button onClick={() => remove(f.name)}>{L('删除')}</Button>
                      )}
                    </Space>
                  ))}
                  <Button
                    onClick={() => add({ minQty: 10, price: 0 })}
                    disabled={fields.length >= 10}
                  >
                    {L('添加价格档')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              </Form.Item>
            )}
          </Form.List>
          <Space wrap style={{ marginTop: 16 }}>
            <Form.Item
              name="stock"
              label={L('库存')}
              rules={[{ required: true, message: L('请填写') }]}
              extra={L('从平台未分配的该型号终端中预留，不能超过其数量（扣除未发货订单占用的）。')}
            >
              <InputNumber min={0} precision={0} data-testid="product-stock" />
            </Form.Item>
            <Form.Item name="onSale" label={L('上架')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
