/**
 * The detail header (detail-header.tsx) of a stored resource: its name, its status, its type (the
 * resource's label), the screen's own facts followed by when and by whom it was last changed and
 * its id, the screen's actions (a Logs link) and a More menu with Delete, behind a confirm dialog
 * that names the record.
 */
import type { ResourceKind, ResourceStatus } from '@cuepoint/core';
import { type ReactNode, useState } from 'react';
import type { ResourceApi, ResourceDto } from '../../lib/resource-api.ts';
import { useRoleAllows } from '../../lib/role-access.ts';
import { ConceptIcon, navIcon } from '../icons.tsx';
import { DeleteDialog } from './delete-action.tsx';
import { type DetailFact, DetailHeader, type DetailMenuAction } from './detail-header.tsx';
import { formatDateTime } from './format.ts';
import { LogsButton } from './list-toolbar.tsx';
import { KIT_TEXTS } from './texts.ts';

export interface RecordHeaderProps<K extends ResourceKind> {
  api: ResourceApi<K>;
  record: ResourceDto<K>;
  /** The screen's facts (source, playback URLs…), shown before the last change and the id. */
  facts?: readonly DetailFact[];
  /** What the record is (the resource's label by default). */
  type?: string;
  /** The record's log viewer: a Logs link among the actions. */
  logsTo?: string;
  /** More actions beside Logs. */
  actions?: ReactNode;
  /** Offer Delete in the More menu (the default). */
  deletable?: boolean;
  /** After a delete (back to the list). */
  onDeleted?: () => void | Promise<void>;
}

const STATUSES: readonly unknown[] = ['active', 'inactive'] satisfies ResourceStatus[];

export function RecordHeader<K extends ResourceKind>({
  api,
  record,
  facts = [],
  type = api.spec.label,
  logsTo,
  actions,
  deletable: offeredDelete = true,
  onDeleted,
}: RecordHeaderProps<K>) {
  const [deleting, setDeleting] = useState(false);
  // A viewer's role may not delete (the server refuses it too).
  const deletable = useRoleAllows('write') && offeredDelete;
  // The resource's icon: its sidebar entry's (one icon per concept).
  const TypeIcon = navIcon(api.spec.navigationEntry);
  const data = record as ResourceDto<K> & { name?: unknown; status?: unknown };
  const name = typeof data.name === 'string' && data.name !== '' ? data.name : record._id;
  const status = STATUSES.includes(data.status) ? (data.status as ResourceStatus) : undefined;
  const more: DetailMenuAction[] = deletable
    ? [
        {
          id: 'delete',
          label: KIT_TEXTS.delete,
          destructive: true,
          icon: <ConceptIcon concept="delete" size={16} />,
          onClick: () => setDeleting(true),
        },
      ]
    : [];
  return (
    <>
      <DetailHeader
        name={name}
        type={type}
        typeIcon={TypeIcon && <TypeIcon size={16} />}
        status={status}
        facts={[...facts, ...metaFacts(record)]}
        actions={
          (logsTo || actions) && (
            <>
              {actions}
              {logsTo && <LogsButton to={logsTo} />}
            </>
          )
        }
        more={more}
      />
      {deletable && (
        <DeleteDialog
          spec={api.spec}
          api={api}
          row={record}
          opened={deleting}
          onClose={() => setDeleting(false)}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}

/** When and by whom the record was last changed, and its id (both left-to-right in any direction). */
function metaFacts(record: { _id: string; updatedAt: string; updatedBy: string | null }): DetailFact[] {
  return [
    {
      id: 'changed',
      label: KIT_TEXTS.lastChanged,
      value: (
        <>
          <time dateTime={record.updatedAt} dir="ltr">
            {formatDateTime(record.updatedAt)}
          </time>
          {record.updatedBy && (
            <>
              {' '}
              {KIT_TEXTS.changedBy} <bdi dir="ltr">{record.updatedBy}</bdi>
            </>
          )}
        </>
      ),
    },
    { id: 'id', label: KIT_TEXTS.id, value: record._id, copy: record._id, ltr: true },
  ];
}
