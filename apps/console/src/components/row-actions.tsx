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
