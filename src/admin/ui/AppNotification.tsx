import { Notification } from 'react-admin';

/** Toasts top-right for 1.5 s (the product's setting), rendered once above the router so they survive navigation. */
export const AppNotification = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={1500} />
);

/** AdminUI renders its own notification component; ours already is on the page. */
export const NoNotification = () => null;
