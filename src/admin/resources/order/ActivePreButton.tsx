import StarIcon from '@mui/icons-material/Star';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { RowButton } from '../../components/RowButton';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * "Active Pre": after a confirmation, `POST order/activate/{id}` turns the order into its premium placement. The
 * server does it once (a second call answers 200 and places nothing), and the button is disabled once the order
 * shows `premiumActivatedAt`. Its 409 (an unconfirmed cottage) is shown with the server's message.
 */
export const ActivePreButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'order', action: 'activate' });
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) => dataProvider.activateOrder(id),
    onSuccess: () => {
      notify('resources.order.activate.done', { type: 'success' });
      refresh();
    },
    onError: (e) => notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || !canAccess) return null;
  const activated = Boolean(record.premiumActivatedAt);
  return (
    <>
      <RowButton
        label="resources.order.activate.button"
        color="primary"
        icon={<StarIcon />}
        disabled={activated || isPending}
        onClick={() => setOpen(true)}
        data-testid="active-pre"
      />
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.order.activate.title"
        content="resources.order.activate.content"
        translateOptions={{ name: String(record.cottage?.name ?? '') }}
        onConfirm={() => {
          if (!isPending) mutate(String(record.id));
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
