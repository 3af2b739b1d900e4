import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { RoleRecord } from '../../../shared/records/role';

const FIRST = 5;
/** A role's permission as `GET role` answers it (the dataProvider keeps the objects as `permissionsRecords`). */
type Wrapped = RoleRecord['permissions'][number];

/** The row's permission names: the first five in an ordered list, the rest behind "View all" / "Hide". */
export const RolePermissions = () => {
  const record = useRecordContext<{ id: string; permissionsRecords?: Wrapped[] }>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const all = (record?.permissionsRecords ?? []).map((p) => p.permission);
  if (!all.length) return <Typography variant="body2">{translate('resources.roles.noPermissions')}</Typography>;
  const shown = open ? all : all.slice(0, FIRST);
  const listId = `role-permissions-${record!.id}`;
  return (
    <>
      <ol id={listId} style={{ margin: 0, paddingLeft: 20 }}>
        {shown.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ol>
      {all.length > FIRST && (
        <Button size="small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? translate('resources.roles.hide') : translate('resources.roles.viewAll', { count: all.length })}
        </Button>
      )}
    </>
  );
};
