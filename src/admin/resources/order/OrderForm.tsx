import { SelectInput, TextInput, required } from 'react-admin';
import { ACTIVE_STATUSES, ORDER_STATUSES } from '../../../shared/enums';
import { KitForm } from '../../components/KitForm';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: `app.status.${id}` }));

/**
 * The two statuses, prefilled with the order's current values (the original's selects started blank); only what
 * changed is sent (`PATCH order/update/{id}`). The cottage and the buyer are shown for context, fixed.
 */
export const OrderForm = () => (
  <KitForm>
    <TextInput source="cottage.name" label="resources.order.fields.cottage" readOnly sx={{ width: 480, maxWidth: '100%' }} />
    <SelectInput source="orderStatus" choices={choices(ORDER_STATUSES)} validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
    <SelectInput source="status" choices={choices(ACTIVE_STATUSES)} validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
  </KitForm>
);
