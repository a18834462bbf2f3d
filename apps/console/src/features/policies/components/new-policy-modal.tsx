import {
  rateTypeOptions,
  type AdminPolicyDetail,
  type CreateProductPolicyRequest,
} from '@pos/core';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { fenToYuan, inputToRate, rateToInput, rateUnit, yuanToFen } from '../rate-units';

interface FormValues {
  brandId: number;
  name: string;
  activationThreshold: number;
  activationWindowDays: number;
  rates: {
    rateType: number;
    standardRate: number;
    minRate: number;
    maxRate: number;
    acquirerCost: number;
  }[];
  standardMonths: { month: number; threshold: number }[];
  serviceFees: number[];
  commFees: number[];
}

const INITIAL: Partial<FormValues> = {
  activationThreshold: 10_000,
  activationWindowDays: 30,
  rates: [{ rateType: 1, standardRate: 0.6, minRate: 0.55, maxRate: 0.68, acquirerCost: 0.38 }],
  standardMonths: [],
  serviceFees: [0, 99],
  commFees: [0, 48],
};

/** A policy's current terms as the form holds them (percentages and yuan). */
function toForm(d: AdminPolicyDetail): Partial<FormValues> {
  return {
    brandId: d.policy.brandId,
    name: d.policy.name,
    activationThreshold: fenToYuan(d.terms.activationThresholdFen),
    activationWindowDays: d.terms.activationWindowDays,
    rates: d.terms.rates.map((r) => ({
      rateType: r.rateType,
      standardRate: rateToInput(r.rateType, r.standardRate),
      minRate: rateToInput(r.rateType, r.minRate),
      maxRate: rateToInput(r.rateType, r.maxRate),
      acquirerCost: rateToInput(r.rateType, r.acquirerCost ?? 0),
    })),
    standardMonths: d.terms.standardMonths.map((m) => ({
      month: m.month,
      threshold: fenToYuan(m.thresholdFen),
    })),
    serviceFees: d.terms.serviceFeeOptionsFen.map(fenToYuan),
    commFees: d.terms.commFeeOptionsFen.map(fenToYuan),
  };
}

/**
 * A brand's product policy: the rates per rate type (standard, allowed range, acquirer cost), the
 * activation rule, the standard months and the fee options. The server checks the whole policy and
 * names the first field it refuses.
 */
export function NewPolicyModal({
  open,
  onClose,
  onCreated,
  editing,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
  /**
   * Editing this policy into a new version: its shape (rate types, standard months, fee options)
   * stays, so those parts are shown but not editable.
   */
  editing?: AdminPolicyDetail;
}) {
  const { L, lang } = useI18n();
  const { message, modal } = App.useApp();
  const fixed = Boolean(editing);
  const [form] = Form.useForm<FormValues>();
  const [brands, setBrands] = useState<{ id: number; name: string }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) void api<{ id: number; name: string }[]>('/policies/brands').then(setBrands);
  }, [open]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: CreateProductPolicyRequest = {
      brandId: v.brandId,
      name: v.name,
      activationThresholdFen: yuanToFen(v.activationThreshold),
      activationWindowDays: v.activationWindowDays,
      rates: v.rates.map((r) => ({
        rateType: r.rateType as CreateProductPolicyRequest['rates'][number]['rateType'],
        standardRate: inputToRate(r.rateType, r.standardRate),
        minRate: inputToRate(r.rateType, r.minRate),
        maxRate: inputToRate(r.rateType, r.maxRate),
        acquirerCost: inputToRate(r.rateType, r.acquirerCost),
      })),
      standardMonths: (v.standardMonths ?? []).map((m) => ({
        month: m.month,
        thresholdFen: yuanToFen(m.threshold),
      })),
      serviceFeeOptionsFen: (v.serviceFees ?? []).map((x) => yuanToFen(Number(x))),
      commFeeOptionsFen: (v.commFees ?? []).map((x) => yuanToFen(Number(x))),
    };
    if (editing) {
      const go = await modal.confirm({
        title: `${L('保存为新版本')} v${editing.policy.version + 1}`,
        content: L('新条款立即用于之后的结算与激活判断；旧版本会保留在版本记录中。'),
      });
      if (!go) return;
    }
    setSaving(true);
    try {
      if (editing) {
        const { brandId: _b, ...terms } = body;
        await api('/policies/update', { body: { id: editing.policy.id, ...terms }, quiet: true });
        void message.success(L('已生成新版本'));
      } else {
        await api('/policies/create', { body, quiet: true });
        void message.success(L('创建成功'));
      }
      form.resetFields();
      onCreated();
    } catch (err) {
      if (err instanceof ApiError) {
        void message.error(err.message);
        const path = toFormPath(err.field);
        if (path) form.setFields([{ name: path as never, errors: [err.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  const rateField = (name: number, key: keyof FormValues['rates'][number], label: string) => (
    <Form.Item
      name={[name, key]}
      label={label}
      rules={[{ required: true, message: L('请填写') }]}
      style={{ marginBottom: 8 }}
    >
      <InputNumber
        min={0}
        precision={4}
        style={{ width: 120 }}
        addonAfter={rateUnit(form.getFieldValue(['rates', name, 'rateType']) ?? 1, lang)}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      width={900}
      title={editing ? `${L('编辑产品政策')} · ${editing.policy.name}` : L('新建产品政策')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ id: 'policy-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={editing ? toForm(editing) : INITIAL}
        data-testid="policy-form"
      >
        <Space wrap>
          <Form.Item
            name="brandId"
            label={L('品牌')}
            rules={[{ required: true, message: L('请选择品牌') }]}
          >
            <Select
              style={{ width: 160 }}
              disabled={fixed}
              options={brands.map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={L('政策名称')}
            rules={[{ required: true, message: L('请填写政策名称') }]}
          >
            <Input maxLength={50} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item
            name="activationThreshold"
            label={L('激活门槛（元）')}
            rules={[{ required: true, message: L('请填写') }]}
          >
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item
            name="activationWindowDays"
            label={L('激活期限（天）')}
            rules={[{ required: true, message: L('请填写') }]}
          >
            <InputNumber min={1} precision={0} />
          </Form.Item>
        </Space>
        <Form.List name="rates">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} wrap align="end">
                  <Form.Item
                    name={[f.name, 'rateType']}
                    label={L('费率类型')}
                    style={{ marginBottom: 8 }}
                  >
                    <Select
                      style={{ width: 140 }}
                      disabled={fixed}
                      options={rateTypeOptions.map((o) => ({
                        value: o.value,
                        label: lang === 'zh' ? o.zh : o.en,
                      }))}
                    />
                  </Form.Item>
                  {rateField(f.name, 'standardRate', L('标准费率'))}
                  {rateField(f.name, 'minRate', L('商户费率下限'))}
                  {rateField(f.name, 'maxRate', L('商户费率上限'))}
                  {rateField(f.name, 'acquirerCost', L('收单成本'))}
                  {!fixed && (
                    <Button onClick={() => remove(f.name)} style={{ marginBottom: 8 }}>
                      {L('删除')}
                    </Button>
                  )}
                </Space>
              ))}
              {!fixed && (
                <Button
                  onClick={() => add({ rateType: fields.length + 1 })}
                  disabled={fields.length >= 6}
                >
                  {L('添加费率类型')}
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Form.List name="standardMonths">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 16 }}>
              {fields.map((f) => (
                <Space key={f.key} align="end">
                  <Form.Item name={[f.name, 'month']} label={L('第几个月')}>
                    <InputNumber min={1} max={36} precision={0} disabled={fixed} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'threshold']} label={L('达标交易额（元）')}>
                    <InputNumber min={0} precision={2} />
                  </Form.Item>
                  {!fixed && (
                    <Button onClick={() => remove(f.name)} style={{ marginBottom: 24 }}>
                      {L('删除')}
                    </Button>
                  )}
                </Space>
              ))}
              {!fixed && (
                <Button onClick={() => add({ month: fields.length + 1, threshold: 10_000 })}>
                  {L('添加达标月份')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
        <Space style={{ marginTop: 16 }} wrap>
          <Form.Item name="serviceFees" label={L('服务费档位（元）')}>
            <Select
              mode="tags"
              style={{ width: 300 }}
              tokenSeparators={[',', ' ']}
              disabled={fixed}
            />
          </Form.Item>
          <Form.Item name="commFees" label={L('流量费档位（元）')}>
            <Select
              mode="tags"
              style={{ width: 300 }}
              tokenSeparators={[',', ' ']}
              disabled={fixed}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** rates.0.minRate and the like map onto the form; fee options go to their list. */
function toFormPath(field: string | undefined): (string | number)[] | null {
  if (!field) return null;
  const map: Record<string, string> = {
    activationThresholdFen: 'activationThreshold',
    serviceFeeOptionsFen: 'serviceFees',
    commFeeOptionsFen: 'commFees',
  };
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : (map[p] ?? p)));
  if (parts[0] === 'serviceFees' || parts[0] === 'commFees') return [parts[0]];
  if (parts[0] === 'standardMonths' && parts[2] === 'thresholdFen')
    return ['standardMonths', parts[1]!, 'threshold'];
  return parts;
}
