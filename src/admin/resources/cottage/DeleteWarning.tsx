import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { label } from './columns';

/**
 * Inside the delete question (drawn only while it is open): the orders and premium placements the server deletes with
 * the cottage, when it has any.
 */
export const DeleteWarning = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['cottage', 'dependents', record?.id],
    queryFn: () => dataProvider.cottageDependents(record!.id),
    enabled: Boolean(record),
  });
  if (!data || (data.orders === 0 && data.placements === 0)) return null;
  return (
    <Alert severity="warning" data-testid="delete-warning">
      {translate(label('delete_warning'), { orders: data.orders, placements: data.placements })}
    </Alert>
  );
};
