import type { MouseEvent, ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useResourceContext, type CreatePathType } from 'react-admin';
import { RowButton } from './RowButton';

type CreatePath = (params: { resource: string; id?: string | number; type: CreatePathType }) => string;

/**
 * A row's button linking to a page of its record, an icon named by `label`, without a permission query of its own
 * (the kit's table asks once: `IfRowAccess`). `to` builds the path from react-admin's `createPath`, the resource and
 * the id.
 */
export const RecordLinkButton = ({
  to,
  icon,
  label,
  ...props
}: {
  to: (createPath: CreatePath, resource: string, id: string | number) => string;
  icon: ReactElement;
  label: string;
  state?: unknown;
  className?: string;
  onClick?: (event: MouseEvent) => void;
}) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return null;
  return <RowButton component={Link} to={to(createPath, resource, record.id)} label={label} icon={icon} color="primary" {...props} />;
};
