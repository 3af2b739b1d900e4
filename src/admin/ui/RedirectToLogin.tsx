import { Navigate } from 'react-router-dom';

/**
 * Inside the panel react-admin sends unauthenticated visitors to its login route; ours lives at `/`. Apart from the
 * login page, which loads the panel's chunk: the panel importing the page would close a circle.
 */
export const RedirectToLogin = () => <Navigate to="/" replace />;
