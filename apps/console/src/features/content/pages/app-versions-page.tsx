import {
  ModalForm,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import type { AdminAppVersion, PublishedBundle } from '@pos/core';
import { App, Button, Popconfirm, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

type Publishing = 'bundle' | 'package' | null;

interface VersionForm {
  platform: 'h5' | 'android' | 'ios';
  version: string;
  title: string;
  contents?: string;
  mandatory?: boolean;
  minVersion?: string;
  url?: string;
  sha256?: string;
}

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * App versions: hot updates of the web bundle (uploaded here; the server computes the SHA-256 and
 * signs it, and shows both) and full packages published by their download address. The update
 * check offers the newest version above the one an app runs.
 */
export default function AppVersionsPage() {
  const { L } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [publishing, setPublishing] = useState<Publishing>(null);
  const [bundle, setBundle] = useState<File | null>(null);

  const columns: ProColumns<AdminAppVersion>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: L('平台'),
      dataIndex: 'platform',
      valueType: 'select',
      valueEnum: { h5: { text: 'H5' }, android: { text: 'Android' }, ios: { text: 'iOS' } },
    },
    { title: L('版本'), dataIndex: 'version', search: false },
    {
      title: L('类型'),
      dataIndex: 'type',
      search: false,
      render: (_, r) => (r.type === 'wgt' ? L('热更新') : L('安装包')),
    },
    { title: L('标题'), dataIndex: 'title', search: false },
    {
      title: L('强制更新'),
      dataIndex: 'mandatory',
      search: false,
      render: (_, r) => (r.mandatory ? <Tag color="red">{L('强制')}</Tag> : L('否')),
    },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      search: false,
      render: (_, r) =>
        r.sha256 ? (
          <Typography.Text code copyable={{ text: r.sha256 }} data-testid={`sha-${r.id}`}>
            {r.sha256.slice(0, 12)}…
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: L('大小'),
      dataIndex: 'sizeBytes',
      search: false,
      render: (_, r) => (r.sizeBytes === null ? '—' : `${(r.sizeBytes / 1024).toFixed(1)} KiB`),
    },
    {
      title: L('地址'),
      dataIndex: 'url',
      search: false,
      ellipsis: true,
      width: 220,
    },
    { title: L('发布时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
    {
      title: L('操作'),
      valueType: 'option',
      render: (_, r) =>
        can('content:publish')
          ? [
              <Popconfirm
                key="w"
                title={L('撤回后应用将不再收到此版本')}
                onConfirm={async () => {
                  await api('/app-versions/withdraw', { body: { id: r.id } });
                  void message.success(L('已撤回'));
                  void ref.current?.reload();
                }}
              >
                <a data-testid={`withdraw-${r.id}`}>{L('撤回')}</a>
              </Popconfirm>,
            ]
          : [],
    },
  ];

  const finish = async (v: VersionForm) => {
    if (publishing === 'bundle') {
      if (!bundle) {
        void message.error(L('请上传更新包'));
        return false;
      }
      const r = await api<PublishedBundle>('/app-versions/bundle', {
        body: {
          platform: v.platform,
          version: v.version,
          title: v.title,
          contents: v.contents ?? '',
          mandatory: v.mandatory ?? false,
          minVersion: v.minVersion || undefined,
          bundleBase64: await toBase64(bundle),
        },
      });
      modal.success({
        title: L('发布成功'),
        content: (
          <div data-testid="published-sha">
            SHA-256：<Typography.Text code>{r.sha256}</Typography.Text>
          </div>
        ),
      });
    } else {
      await api('/app-versions/package', {
        body: {
          platform: v.platform,
          version: v.version,
          title: v.title,
          contents: v.contents ?? '',
          mandatory: v.mandatory ?? false,
          url: v.url,
          sha256: v.sha256 || undefined,
        },
      });
      void message.success(L('发布成功'));
    }
    setPublishing(null);
    setBundle(null);
    void ref.current?.reload();
    return true;
  };

  return (
    <>
      <KeysetTable<AdminAppVersion>
        actionRef={ref}
        headerTitle={L('应用版本')}
        path="/app-versions"
        rowKey="id"
        fileName="app-versions"
        columns={columns}
        toolbar={() =>
          can('content:publish')
            ? [
                <Button
                  key="b"
                  type="primary"
                  onClick={() => setPublishing('bundle')}
                  data-testid="publish-bundle"
                >
                  {L('发布热更新')}
                </Button>,
                <Button key="p" onClick={() => setPublishing('package')}>
                  {L('发布安装包')}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<VersionForm>
        title={publishing === 'bundle' ? L('发布热更新') : L('发布安装包')}
        open={publishing !== null}
        initialValues={{
          platform: publishing === 'bundle' ? 'h5' : 'android',
          mandatory: false,
        }}
        modalProps={{
          destroyOnHidden: true,
          onCancel: () => {
            setPublishing(null);
            setBundle(null);
          },
        }}
        onFinish={finish}
      >
        <ProFormRadio.Group
          name="platform"
          label={L('平台')}
          options={
            publishing === 'bundle'
              ? [
                  { label: 'H5', value: 'h5' },
                  { label: 'Android', value: 'android' },
                  { label: 'iOS', value: 'ios' },
                ]
              : [
                  { label: 'Android', value: 'android' },
                  { label: 'iOS', value: 'ios' },
                ]
          }
        />
        <ProFormText
          name="version"
          label={L('版本号')}
          placeholder="1.2.0"
          rules={[{ required: true, pattern: /^\d+\.\d+\.\d+$/, message: L('版本号格式错误') }]}
          fieldProps={{ id: 'version-number' }}
        />
        <ProFormText
          name="title"
          label={L('标题')}
          rules={[{ required: true }]}
          fieldProps={{ id: 'version-title' }}
        />
        <ProFormTextArea name="contents" label={L('更新内容')} />
        <ProFormSwitch name="mandatory" label={L('强制更新')} />
        {publishing === 'bundle' ? (
          <>
            <ProFormText name="minVersion" label={L('最低适用版本')} placeholder="1.0.0" />
            <Upload
              accept=".zip,application/zip"
              maxCount={1}
              beforeUpload={(file) => {
                setBundle(file);
                return false;
              }}
              onRemove={() => setBundle(null)}
            >
              <Button data-testid="bundle-file">{L('选择更新包（zip）')}</Button>
            </Upload>
          </>
        ) : (
          <>
            <ProFormText
              name="url"
              label={L('下载地址')}
              rules={[{ required: true }]}
              placeholder="https://"
            />
            <ProFormText name="sha256" label="SHA-256" />
          </>
        )}
      </ModalForm>
    </>
  );
}
