import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button, useCreatePath, useRecordContext, useResourceContext, type ButtonProps, type CreatePathType } from 'react-admin';

type CreatePath = (params: { resource: string; id?: string | number; type: CreatePathType }) => string;

/**
 * A row's button linking to a page of its record, in react-admin's look, without a permission query of its own (the
 * kit's table asks once: `IfRowAccess`). `to` builds the path from react-admin's `createPath`, the resource and the id.
 */
export const RecordLinkButton = ({
  to,
  icon,
  ...props
}: { to: (createPath: CreatePath, resource: string, id: string | number) => string; icon: ReactElement } & Omit<ButtonProps, 'to' | 'children'> & {
    state?: unknown;
  }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return null;
  return (
    <Button component={Link} to={to(createPath, resource, record.id)} {...props}>
      {icon}
    </Button>
  );
};
