import type { ProColumns } from '@ant-design/pro-components';
import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';

interface EditDelete {
  /** The links' words: edit, delete, and the question before deleting. */
  edit: string;
  remove: string;
  confirm: string;
  onEdit: () => void;
  /** The delete call and what follows it (reload); sent only once the operator confirms. */
  onRemove: () => Promise<unknown>;
  editTestId?: string;
}

/** Edit, and delete asked first: the actions of a row in the content lists (banners, notices, school). */
export function editDeleteActions(p: EditDelete): ReactNode[] {
  return [
    <a key="e" onClick={p.onEdit} data-testid={p.editTestId}>
      {p.edit}
    </a>,
    <Popconfirm key="d" title={p.confirm} onConfirm={p.onRemove}>
      <a>{p.remove}</a>
    </Popconfirm>,
  ];
}

/**
 * The actions column of a content list (banners, notices): edit, and delete asked first, for an
 * operator who may publish; nothing for one who may not.
 */
export function editDeleteColumn<T extends { id: number }>(p: {
  allowed: boolean;
  /** The column's title and the links' words. */
  words: Pick<EditDelete, 'edit' | 'remove' | 'confirm'> & { title: string };
  onEdit: (row: T) => void;
  /** The delete call and what follows it (reload). */
  onRemove: (row: T) => Promise<unknown>;
}): ProColumns<T> {
  return {
    title: p.words.title,
    valueType: 'option',
    render: (_, r) =>
      p.allowed
        ? editDeleteActions({
            edit: p.words.edit,
            remove: p.words.remove,
            confirm: p.words.confirm,
            onEdit: () => p.onEdit(r),
            onRemove: () => p.onRemove(r),
          })
        : [],
  };
}

/** A list's toolbar: its buttons (a "new" one, say) for an operator allowed to use them. */
export const toolbarIf =
  (allowed: boolean, ...buttons: ReactNode[]) =>
  (): ReactNode[] =>
    allowed ? buttons : [];
