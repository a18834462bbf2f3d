import {
  parseSnList,
  type AdminBrand,
  type AdminTerminalBatchResult,
  type PlatformTerminalAction,
} from '@pos/core';
import { App, Alert, Button, Card, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { BrandModelFields } from '@/components/brand-model-fields';

interface Values {
  action: PlatformTerminalAction;
  mode: 'list' | 'range';
  sns?: string;
  startSn?: string;
  endSn?: string;
  reason?: string;
  brandId?: number;
  model?: string;
}

const FIELDS: (keyof Values)[] = ['sns', 'startSn', 'endSn', 'reason', 'brandId', 'model'];
const isField = (f: string | undefined): f is keyof Values => FIELDS.includes(f as keyof Values);

/**
 * The platform's corrections to terminals anywhere in any tree: reclaim unbound stock into the
 * platform's own, retire (delete) unbound terminals, or correct the brand and model of unbound
 * stock. The server first runs the batch without keeping it and answers how many terminals it
 * covers (or names the first SN it refuses); the operator confirms that figure before it runs.
 */
export default function ManageTerminalsPage() {
  const { L } = useI18n();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [brands, setBrands] = useState<AdminBrand[]>([]);
  const [busy, setBusy] = useState(false);
  const action = Form.useWatch('action', form);
  const mode = Form.useWatch('mode', form);
  useEffect(() => void api<AdminBrand[]>('/brands').then(setBrands), []);

  const verb: Record<PlatformTerminalAction, string> = {
    reclaim: L('回收'),
    delete: L('删除'),
    brand: L('修改品牌'),
  };

  const submit = async () => {
    await form.validateFields();
    const v = form.getFieldsValue(true) as Values;
    const list = v.mode === 'range' ? null : parseSnList(v.sns ?? '');
    if (list && !list.ok) {
      form.setFields([{ name: 'sns', errors: [list.error] }]);
      return;
    }
    const body = {
      action: v.action,
      ...(list ? { sns: list.value } : { startSn: v.startSn?.trim(), endSn: v.endSn?.trim() }),
      reason: v.reason?.trim() || undefined,
      ...(v.action === 'brand' ? { brandId: v.brandId, model: v.model } : {}),
    };
    setBusy(true);
    try {
      const check = await api<AdminTerminalBatchResult>('/terminals/batch', {
        body: { ...body, dryRun: true },
        quiet: true,
      });
      const go = await modal.confirm({
        title: `${L('确认')}${verb[v.action]}`,
        content: (
          <p data-testid="batch-confirm">
            {verb[v.action]} {check.count} {L('台终端')}
            {v.action === 'brand'
              ? ` → ${brands.find((b) => b.id === v.brandId)?.name ?? ''} ${v.model ?? ''}`
              : ''}
          </p>
        ),
      });
      if (!go) return;
      const done = await api<AdminTerminalBatchResult>('/terminals/batch', { body, quiet: true });
      void message.success(`${verb[v.action]}${L('成功')}：${done.count}`);
      form.resetFields(FIELDS);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void message.error(err.message);
      if (isField(err.field)) form.setFields([{ name: err.field, errors: [err.message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={L('终端回收、删除与品牌修改')}>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message={L('只能处理未绑定的终端；一批中有一台不符合条件，整批都不会执行。')}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ action: 'reclaim', mode: 'list' }}
      >
        <Form.Item name="action" label={L('操作')}>
          <Radio.Group
            data-testid="batch-action"
            options={(['reclaim', 'delete', 'brand'] as const).map((a) => ({
              value: a,
              label: verb[a],
            }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={L('选择方式')}>
          <Radio.Group
            options={[
              { value: 'list', label: L('SN列表') },
              { value: 'range', label: L('SN号段') },
            ]}
          />
        </Form.Item>
        {mode === 'range' ? (
          <>
            <Form.Item
              name="startSn"
              label={L('起始SN')}
              rules={[{ required: true, message: L('请输入起始SN') }]}
            >
              <Input data-testid="batch-start" />
            </Form.Item>
            <Form.Item
              name="endSn"
              label={L('结束SN')}
              rules={[{ required: true, message: L('请输入结束SN') }]}
            >
              <Input data-testid="batch-end" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="sns"
            label={L('SN列表（每行一个）')}
            rules={[{ required: true, message: L('请输入SN') }]}
          >
            <Input.TextArea rows={5} data-testid="batch-sns" />
          </Form.Item>
        )}
        {action === 'brand' && (
          <BrandModelFields
            form={form}
            brands={brands}
            testIds={{ brand: 'batch-brand', model: 'batch-model' }}
          />
        )}
        {action !== 'brand' && (
          <Form.Item
            name="reason"
            label={L('原因')}
            rules={action === 'reclaim' ? [{ required: true, message: L('请填写回收原因') }] : []}
          >
            <Input maxLength={200} data-testid="batch-reason" />
          </Form.Item>
        )}
        <Button
          type="primary"
          loading={busy}
          onClick={() => void submit()}
          data-testid="batch-submit"
        >
          {action ? verb[action] : ''}
        </Button>
      </Form>
    </Card>
  );
}
