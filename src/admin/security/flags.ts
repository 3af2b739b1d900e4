/** Set by the login page for the panel's first screen: show the last login (and maybe the offer) once. */
export const JUST_LOGGED_IN = 'dacha.justLoggedIn';
/** Per user, in localStorage: the offer to turn two-factor login on was shown (it is shown once). */
export const twoFactorOfferedKey = (userId: string) => `dacha.twoFactorOffered.${userId}`;
