import { ComingSoon } from '../../layout/ComingSoon';

/** Placeholder until the Announcements list is built (issue 11). */
export const CottageList = () => <ComingSoon />;
