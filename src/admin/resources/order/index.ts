import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { OrderEdit } from './OrderEdit';
import { OrderList } from './OrderList';

/** Orders: list, edit of the two statuses, delete, and "Active Pre". No create. */
export default {
  list: OrderList,
  edit: OrderEdit,
  icon: ShoppingCartIcon,
};
