import type { AdminBrand } from '@pos/core';
import { Form, Select, type FormInstance } from 'antd';
import type { CSSProperties } from 'react';
import { useI18n } from '@/lib/i18n';

/**
 * A terminal brand and one of its models (the form fields 'brandId' and 'model', both required);
 * choosing another brand clears the model.
 */
export function BrandModelFields({
  form,
  brands,
  style,
  testIds,
}: {
  form: FormInstance;
  brands: AdminBrand[];
  style?: CSSProperties;
  testIds?: { brand: string; model: string };
}) {
  const { L } = useI18n();
  const brandId = Form.useWatch('brandId', form) as number | undefined;
  const models = brands.find((b) => b.id === brandId)?.models ?? [];
  return (
    <>
      <Form.Item
        name="brandId"
        label={L('品牌')}
        rules={[{ required: true, message: L('请选择品牌') }]}
      >
        <Select
          style={style}
          data-testid={testIds?.brand}
          options={brands.map((b) => ({ value: b.id, label: b.name }))}
          onChange={() => form.setFieldValue('model', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="model"
        label={L('型号')}
        rules={[{ required: true, message: L('请选择型号') }]}
      >
        <Select
          style={style}
          data-testid={testIds?.model}
          options={models.map((m) => ({ value: m, label: m }))}
        />
      </Form.Item>
    </>
  );
}
