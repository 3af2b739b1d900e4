import { useListContext, useRecordContext } from 'react-admin';

/** The "#" column: the row's position in the whole list, not its id. */
export const RowNumber = () => {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  if (!record || !data) return null;
  return <>{(page - 1) * perPage + data.findIndex((r) => r.id === record.id) + 1}</>;
};
