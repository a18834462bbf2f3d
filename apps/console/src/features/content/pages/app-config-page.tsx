import {
  ProForm,
  ProFormSwitch,
  ProFormText,
  type ProFormInstance,
} from '@ant-design/pro-components';
import type { AdminAppConfig } from '@pos/core';
import { App, Button, Card, Image, Skeleton, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { uploadImage } from '@/lib/upload';

/**
 * The app config every domain falls back to: the app's name, the customer-service phone the
 * agents call, the download addresses and the share poster of the invitation page.
 */
export default function AppConfigPage() {
  const { L } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<AdminAppConfig> | undefined>(undefined);
  const [config, setConfig] = useState<AdminAppConfig | null>(null);
  const [poster, setPoster] = useState('');
  useEffect(() => {
    void api<AdminAppConfig>('/app-config').then((c) => {
      setConfig(c);
      setPoster(c.sharePoster.imageUrl);
    });
  }, []);
  const editable = can('content:publish');

  return (
    <Card title={L('应用配置')}>
      {!config ? (
        <Skeleton active />
      ) : (
        <ProForm<AdminAppConfig>
          formRef={formRef}
          initialValues={config}
          disabled={!editable}
          submitter={editable ? undefined : false}
          onFinish={async (v) => {
            const body = { ...v, sharePoster: { ...v.sharePoster, imageUrl: poster } };
            try {
              await api('/app-config/save', { body, quiet: true });
              void message.success(L('保存成功'));
              return true;
            } catch (err) {
              if (err instanceof ApiError) {
                void message.error(err.message);
                if (err.field)
                  formRef.current?.setFields([
                    { name: err.field.split('.') as never, errors: [err.message] },
                  ]);
              }
              return false;
            }
          }}
        >
          <ProFormText
            name="appName"
            label={L('应用名称')}
            rules={[{ required: true }]}
            width="md"
          />
          <ProFormText
            name="servicePhone"
            label={L('客服电话')}
            rules={[{ required: true }]}
            width="md"
            fieldProps={{ id: 'service-phone' }}
          />
          <ProFormText name="androidUrl" label={L('Android 下载地址')} width="xl" />
          <ProFormText name="iosUrl" label={L('iOS 下载地址')} width="xl" />
          <ProFormSwitch name={['sharePoster', 'isShow']} label={L('显示分享海报')} />
          <ProForm.Item
            name={['sharePoster', 'imageUrl']}
            label={L('分享海报')}
            extra={poster ? undefined : L('未上传')}
          >
            <div>
              {poster && (
                <div style={{ marginBottom: 8 }}>
                  <Image src={poster} width={120} />
                </div>
              )}
              {editable && (
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void uploadImage(file)
                      .then((url) => {
                        setPoster(url);
                        formRef.current?.setFieldValue(['sharePoster', 'imageUrl'], url);
                      })
                      .catch((err: Error) => void message.error(err.message));
                    return false;
                  }}
                >
                  <Button size="small">{L('上传海报')}</Button>
                </Upload>
              )}
            </div>
          </ProForm.Item>
        </ProForm>
      )}
    </Card>
  );
}
