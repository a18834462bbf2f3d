import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  SCHOOL_IMAGES_MAX,
  SCHOOL_SECTION_KINDS,
  schoolKindLabel,
  schoolSectionLabel,
  type AdminSchoolCategory,
  type AdminSchoolItem,
  type SaveSchoolItemRequest,
  type SchoolKind,
  type SchoolSection,
} from '@pos/core';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { editDeleteActions } from '@/components/row-actions';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { uploadImage } from '@/lib/upload';

const TEXTS = {
  heading: { zh: '商学院与素材库', en: 'Business school and materials' },
  section: { zh: '栏目', en: 'Section' },
  category: { zh: '分类', en: 'Category' },
  categories: { zh: '分类管理', en: 'Categories' },
  kind: { zh: '类型', en: 'Kind' },
  title: { zh: '标题', en: 'Title' },
  summary: { zh: '摘要', en: 'Summary' },
  body: { zh: '正文 / 文案', en: 'Text / copy' },
  cover: { zh: '封面图片', en: 'Cover image' },
  images: { zh: '图片', en: 'Images' },
  videoUrl: { zh: '视频地址（https）', en: 'Video address (https)' },
  shown: { zh: '显示', en: 'Shown' },
  favourites: { zh: '收藏', en: 'Favourites' },
  downloads: { zh: '下载', en: 'Downloads' },
  publishedAt: { zh: '发布时间', en: 'Published' },
  publishedBy: { zh: '发布人', en: 'By' },
  keyword: { zh: '标题关键字', en: 'Title contains' },
  publish: { zh: '发布内容', en: 'Publish' },
  edit: { zh: '编辑', en: 'Edit' },
  remove: { zh: '删除', en: 'Delete' },
  removeConfirm: {
    zh: '删除后代理商将看不到这条内容，确定删除？',
    en: 'Agents will no longer see it. Delete?',
  },
  saved: { zh: '已保存', en: 'Saved' },
  upload: { zh: '上传图片', en: 'Upload an image' },
  name: { zh: '名称', en: 'Name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  sort: { zh: '排序', en: 'Order' },
  items: { zh: '内容数', en: 'Items' },
  addCategory: { zh: '新建分类', en: 'New category' },
  required: { zh: '必填', en: 'Required' },
} as const;

interface ItemForm {
  id?: number;
  categoryId: number;
  kind: SchoolKind;
  title: string;
  summary?: string;
  body?: string;
  coverUrl?: string;
  images: string[];
  videoUrl?: string;
  shown: boolean;
}

/** Categories of both sections: a list, and a small form to add or edit one (audited). */
function CategoriesModal({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { lang } = useI18n();
  const T = (k: keyof typeof TEXTS) => TEXTS[k][lang];
  const { message } = App.useApp();
  const [rows, setRows] = useState<AdminSchoolCategory[]>([]);
  const [form] = Form.useForm<AdminSchoolCategory>();
  const load = () => void api<AdminSchoolCategory[]>('/school/categories').then(setRows);
  useEffect(() => {
    if (open) load();
  }, [open]);
  const save = async () => {
    const v = await form.validateFields();
    await api('/school/categories/save', { body: v });
    void message.success(T('saved'));
    form.resetFields();
    load();
    onSaved();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={720} title={T('categories')}>
      <Table<AdminSchoolCategory>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: T('section'),
            dataIndex: 'section',
            render: (s: string) => schoolSectionLabel(s, lang),
          },
          { title: T('name'), dataIndex: 'name' },
          { title: T('nameEn'), dataIndex: 'nameEn' },
          { title: T('sort'), dataIndex: 'sort' },
          { title: T('shown'), dataIndex: 'shown', render: (v: boolean) => (v ? '✓' : '-') },
          { title: T('items'), dataIndex: 'items' },
          {
            title: '',
            render: (_, r) => <a onClick={() => form.setFieldsValue(r)}>{T('edit')}</a>,
          },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginTop: 16, rowGap: 8 }}
        initialValues={{ section: 'school', sort: 0, shown: true }}
      >
        <Form.Item name="id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="section" rules={[{ required: true }]}>
          <Select
            style={{ width: 120 }}
            options={(['school', 'material'] as const).map((s) => ({
              value: s,
              label: schoolSectionLabel(s, lang),
            }))}
            data-testid="school-category-section"
          />
        </Form.Item>
        <Form.Item name="name" rules={[{ required: true, message: T('required') }, { max: 20 }]}>
          <Input placeholder={T('name')} data-testid="school-category-name" />
        </Form.Item>
        <Form.Item name="nameEn" rules={[{ max: 40 }]}>
          <Input placeholder={T('nameEn')} />
        </Form.Item>
        <Form.Item name="sort">
          <InputNumber min={0} max={9999} precision={0} placeholder={T('sort')} />
        </Form.Item>
        <Form.Item name="shown" valuePropName="checked">
          <Switch checkedChildren={T('shown')} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="school-category-save">
          {T('addCategory')} / {T('edit')}
        </Button>
      </Form>
    </Modal>
  );
}

/**
 * The business school and the material library: published items with how many agents keep and
 * download each; publishing, editing and deleting need content:publish and are audited. Images
 * are uploaded to the content store, a video is an https address.
 */
export default function SchoolPage() {
  const { lang } = useI18n();
  const T = (k: keyof typeof TEXTS) => TEXTS[k][lang];
  const { message } = App.useApp();
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [categories, setCategories] = useState<AdminSchoolCategory[]>([]);
  const [catsOpen, setCatsOpen] = useState(false);
  const [editing, setEditing] = useState<Partial<ItemForm> | null>(null);
  const [form] = Form.useForm<ItemForm>();
  const categoryId = Form.useWatch('categoryId', form);
  const kind = Form.useWatch('kind', form);
  const images = Form.useWatch('images', form) ?? [];
  const publish = can('content:publish');

  const loadCategories = () =>
    void api<AdminSchoolCategory[]>('/school/categories').then(setCategories);
  useEffect(loadCategories, []);
  const section: SchoolSection | undefined = categories.find((c) => c.id === categoryId)?.section;

  const open = (item?: AdminSchoolItem) => {
    setEditing(item ?? {});
    form.resetFields();
    form.setFieldsValue(
      item
        ? { ...item, images: item.images }
        : { images: [], shown: true, categoryId: undefined, kind: undefined },
    );
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body: SaveSchoolItemRequest = {
      ...(editing?.id ? { id: editing.id } : {}),
      categoryId: v.categoryId,
      kind: v.kind,
      title: v.title,
      summary: v.summary ?? '',
      body: v.body ?? '',
      coverUrl: v.coverUrl ?? '',
      images: v.images ?? [],
      videoUrl: v.kind === 'video' ? (v.videoUrl ?? '') : '',
      shown: v.shown,
    };
    await api('/school/items/save', { body });
    void message.success(T('saved'));
    setEditing(null);
    void ref.current?.reload();
  };

  const columns: ProColumns<AdminSchoolItem>[] = [
    {
      title: T('section'),
      dataIndex: 'section',
      valueType: 'select',
      valueEnum: {
        school: { text: schoolSectionLabel('school', lang) },
        material: { text: schoolSectionLabel('material', lang) },
      },
      render: (_, r) => schoolSectionLabel(r.section, lang),
    },
    { title: T('keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false },
    { title: T('category'), dataIndex: 'categoryName', search: false },
    {
      title: T('kind'),
      dataIndex: 'kind',
      search: false,
      render: (_, r) => <Tag>{schoolKindLabel(r.kind, lang)}</Tag>,
    },
    { title: T('title'), dataIndex: 'title', search: false, ellipsis: true },
    {
      title: T('shown'),
      dataIndex: 'shown',
      search: false,
      render: (_, r) => (r.shown ? '✓' : '-'),
    },
    { title: T('favourites'), dataIndex: 'favourites', search: false },
    { title: T('downloads'), dataIndex: 'downloads', search: false },
    {
      title: T('publishedAt'),
      dataIndex: 'publishedAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    { title: T('publishedBy'), dataIndex: 'publishedBy', search: false },
    {
      title: '',
      valueType: 'option',
      render: (_, r) =>
        publish
          ? editDeleteActions({
              edit: T('edit'),
              remove: T('remove'),
              confirm: T('removeConfirm'),
              onEdit: () => open(r),
              onRemove: async () => {
                await api('/school/items/delete', { body: { id: r.id } });
                void ref.current?.reload();
              },
              editTestId: `school-edit-${r.id}`,
            })
          : [],
    },
  ];

  return (
    <>
      <KeysetTable<AdminSchoolItem>
        actionRef={ref}
        headerTitle={T('heading')}
        path="/school/items"
        rowKey="id"
        fileName="school"
        columns={columns}
        toolbar={() =>
          publish
            ? [
                <Button key="c" onClick={() => setCatsOpen(true)} data-testid="school-categories">
                  {T('categories')}
                </Button>,
                <Button key="n" type="primary" onClick={() => open()} data-testid="school-new">
                  {T('publish')}
                </Button>,
              ]
            : []
        }
      />
      <CategoriesModal
        open={catsOpen}
        onClose={() => setCatsOpen(false)}
        onSaved={loadCategories}
      />
      <Modal
        title={editing?.id ? T('edit') : T('publish')}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okButtonProps={{ id: 'school-submit' }}
        destroyOnHidden
        width={680}
      >
        <Form<ItemForm> form={form} layout="vertical" preserve={false}>
          <Space style={{ width: '100%' }} size="large">
            <Form.Item
              name="categoryId"
              label={T('category')}
              rules={[{ required: true, message: T('required') }]}
            >
              <Select
                style={{ width: 240 }}
                data-testid="school-category"
                options={categories.map((c) => ({
                  value: c.id,
                  label: `${schoolSectionLabel(c.section, lang)} / ${c.name}`,
                }))}
                onChange={() => form.setFieldValue('kind', undefined)}
              />
            </Form.Item>
            <Form.Item
              name="kind"
              label={T('kind')}
              rules={[{ required: true, message: T('required') }]}
            >
              <Select
                style={{ width: 160 }}
                data-testid="school-kind"
                options={(section ? SCHOOL_SECTION_KINDS[section] : []).map((k) => ({
                  value: k,
                  label: schoolKindLabel(k, lang),
                }))}
              />
            </Form.Item>
            <Form.Item name="shown" label={T('shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item
            name="title"
            label={T('title')}
            rules={[{ required: true, message: T('required') }, { max: 64 }]}
          >
            <Input data-testid="school-title" />
          </Form.Item>
          <Form.Item name="summary" label={T('summary')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="body" label={T('body')} rules={[{ max: 20000 }]}>
            <Input.TextArea rows={5} data-testid="school-body" />
          </Form.Item>
          {kind === 'video' && (
            <Form.Item
              name="videoUrl"
              label={T('videoUrl')}
              rules={[{ required: true, message: T('required') }, { pattern: /^https:\/\/\S+$/ }]}
            >
              <Input placeholder="https://" data-testid="school-video-url" />
            </Form.Item>
          )}
          <Form.Item name="coverUrl" label={T('cover')}>
            <Input
              readOnly
              addonAfter={
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void uploadImage(file).then(
                      (url) => form.setFieldValue('coverUrl', url),
                      (e: Error) => void message.error(e.message),
                    );
                    return false;
                  }}
                >
                  <a>{T('upload')}</a>
                </Upload>
              }
            />
          </Form.Item>
          <Form.Item name="images" label={`${T('images')} (≤${SCHOOL_IMAGES_MAX})`}>
            <div>
              <Space wrap>
                {images.map((url) => (
                  <Tag
                    key={url}
                    closable
                    onClose={() =>
                      form.setFieldValue(
                        'images',
                        images.filter((u) => u !== url),
                      )
                    }
                  >
                    {url.slice(-12)}
                  </Tag>
                ))}
              </Space>
              {images.length < SCHOOL_IMAGES_MAX && (
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void uploadImage(file).then(
                      (url) =>
                        form.setFieldValue('images', [
                          ...(form.getFieldValue('images') ?? []),
                          url,
                        ]),
                      (e: Error) => void message.error(e.message),
                    );
                    return false;
                  }}
                >
                  <Button size="small" data-testid="school-image-upload">
                    {T('upload')}
                  </Button>
                </Upload>
              )}
            </div>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
