import {
  contentTextKeyOptions,
  type AgreementDoc,
  type ContentText,
  type ContentTextKey,
  type FaqEntry,
} from '@pos/core';
import { App, Button, Card, Form, Input, Segmented, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

type Lang = 'zh' | 'en';

/** Paragraphs are edited as one text, separated by blank lines. */
const joinParas = (ps: string[]) => ps.join('\n\n');
const splitParas = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

interface FaqForm {
  items: { q: string; a: string }[];
}
interface DocForm {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string }[];
}

const toFaqForm = (body: FaqEntry[]): FaqForm => ({
  items: body.map((e) => ({ q: e.q, a: joinParas(e.a) })),
});
const toDocForm = (doc: AgreementDoc): DocForm => ({
  ...doc,
  sections: doc.sections.map((s) => ({ heading: s.heading, paragraphs: joinParas(s.paragraphs) })),
});

/** The server names a field of the body (body.0.a.1); the form holds it at another path. */
function formPath(key: ContentTextKey, field: string): (string | number)[] | null {
  const parts = field
    .replace(/^body\.?/, '')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (key === 'faq') return parts.length >= 2 ? ['items', parts[0]!, parts[1]!] : ['items'];
  if (parts[0] === 'sections' && parts.length >= 3) return parts.slice(0, 3);
  return parts.length ? [parts[0]!] : null;
}

/**
 * The FAQ, the user agreement and the privacy policy the app shows, in Chinese and English.
 * Until one is published the app shows the built-in text, which the editor starts from.
 */
export default function TextsPage() {
  const { L, lang: uiLang } = useI18n();
  const { can } = useAuth();
  const { message, modal } = App.useApp();
  const [key, setKey] = useState<ContentTextKey>('faq');
  const [lang, setLang] = useState<Lang>('zh');
  const [text, setText] = useState<ContentText | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const readOnly = !can('content:publish');

  const load = useCallback(() => {
    setText(null);
    void api<ContentText>(`/texts?key=${key}&lang=${lang}`).then((t) => {
      form.resetFields();
      form.setFieldsValue(
        key === 'faq' ? toFaqForm(t.body as FaqEntry[]) : toDocForm(t.body as AgreementDoc),
      );
      setText(t);
    });
  }, [key, lang, form]);
  useEffect(load, [load]);

  const publish = async () => {
    await form.validateFields();
    const v = form.getFieldsValue(true) as FaqForm & DocForm;
    const body =
      key === 'faq'
        ? v.items.map((i) => ({ q: i.q, a: splitParas(i.a) }))
        : {
            title: v.title,
            updated: v.updated,
            intro: v.intro,
            sections: v.sections.map((s) => ({
              heading: s.heading,
              paragraphs: splitParas(s.paragraphs),
            })),
          };
    const name = contentTextKeyOptions.find((o) => o.value === key)!;
    const go = await modal.confirm({
      title: `${L('发布')} ${name[uiLang]} (${lang === 'zh' ? '中文' : 'English'})`,
      content: L('发布后App立即显示新内容。'),
    });
    if (!go) return;
    setSaving(true);
    try {
      const saved = await api<ContentText>('/texts/save', {
        body: { key, lang, body },
        quiet: true,
      });
      setText(saved);
      void message.success(L('发布成功'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void message.error(err.message);
      const path = err.field ? formPath(key, err.field) : null;
      if (path) form.setFields([{ name: path, errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: label }];
  return (
    <Card
      title={L('协议与常见问题')}
      extra={
        text &&
        (text.builtIn ? (
          <Tag data-testid="text-state">{L('内置文本（尚未发布）')}</Tag>
        ) : (
          <Tag color="green" data-testid="text-state">
            {L('已发布')} {new Date(text.updatedAt!).toLocaleString()}
          </Tag>
        ))
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented
          data-testid="text-key"
          value={key}
          onChange={(v) => setKey(v as ContentTextKey)}
          options={contentTextKeyOptions.map((o) => ({ value: o.value, label: o[uiLang] }))}
        />
        <Segmented
          value={lang}
          onChange={(v) => setLang(v as Lang)}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
        />
      </Space>
      {!text ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" disabled={readOnly} style={{ maxWidth: 880 }}>
          {key === 'faq' ? (
            <Form.List name="items">
              {(fields, { add, remove, move }) => (
                <>
                  {fields.map((f, i) => (
                    <Card
                      key={f.key}
                      size="small"
                      style={{ marginBottom: 12 }}
                      title={uiLang === 'zh' ? `问题 ${i + 1}` : `Question ${i + 1}`}
                      extra={
                        <Space>
                          <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                            ↑
                          </Button>
                          <Button size="small" danger onClick={() => remove(f.name)}>
                            {L('删除')}
                          </Button>
                        </Space>
                      }
                    >
                      <Form.Item name={[f.name, 'q']} rules={required(L('请填写问题'))}>
                        <Input data-testid={`faq-q-${i}`} maxLength={100} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'a']}
                        label={L('回答（段落之间空一行）')}
                        rules={required(L('请填写回答'))}
                      >
                        <Input.TextArea data-testid={`faq-a-${i}`} autoSize={{ minRows: 2 }} />
                      </Form.Item>
                    </Card>
                  ))}
                  <Button onClick={() => add({ q: '', a: '' })} style={{ marginBottom: 16 }}>
                    {L('添加问题')}
                  </Button>
                </>
              )}
            </Form.List>
          ) : (
            <>
              <Form.Item name="title" label={L('标题')} rules={required(L('请填写标题'))}>
                <Input data-testid="doc-title" maxLength={100} />
              </Form.Item>
              <Form.Item
                name="updated"
                label={L('更新与生效日期')}
                rules={required(L('请填写更新与生效日期'))}
              >
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="intro" label={L('导言')} rules={required(L('请填写导言'))}>
                <Input.TextArea autoSize={{ minRows: 2 }} />
              </Form.Item>
              <Form.List name="sections">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f, i) => (
                      <Card
                        key={f.key}
                        size="small"
                        style={{ marginBottom: 12 }}
                        title={`${L('章节')} ${i + 1}`}
                        extra={
                          <Button size="small" danger onClick={() => remove(f.name)}>
                            {L('删除')}
                          </Button>
                        }
                      >
                        <Form.Item name={[f.name, 'heading']} rules={required(L('请填写章节标题'))}>
                          <Input maxLength={100} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'paragraphs']}
                          label={L('内容（段落之间空一行）')}
                          rules={required(L('请填写章节内容'))}
                        >
                          <Input.TextArea autoSize={{ minRows: 2 }} />
                        </Form.Item>
                      </Card>
                    ))}
                    <Button
                      onClick={() => add({ heading: '', paragraphs: '' })}
                      style={{ marginBottom: 16 }}
                    >
                      {L('添加章节')}
                    </Button>
                  </>
                )}
              </Form.List>
            </>
          )}
          {!readOnly && (
            <div>
              <Button
                type="primary"
                loading={saving}
                onClick={() => void publish()}
                data-testid="text-publish"
              >
                {L('发布')}
              </Button>
            </div>
          )}
        </Form>
      )}
    </Card>
  );
}
