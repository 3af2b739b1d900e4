import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { KitEdit } from '../../components/KitPages';
import { OrderForm } from './OrderForm';
import { OrderList } from './OrderList';
import { resourceModule } from '../module';

/** Orders: list, edit of the two statuses, delete, and "Make premium" (the original's "Active Pre"). No create. */
export default resourceModule({
  list: OrderList,
  edit: (
    <KitEdit>
      <OrderForm />
    </KitEdit>
  ),
  icon: ShoppingCartIcon,
  /** Its sidebar place (labelled `resources.order.menu`). */
  menu: { order: 40 },
});
