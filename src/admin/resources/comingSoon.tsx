import type { SvgIconComponent } from '@mui/icons-material';
import { ComingSoon } from '../layout/ComingSoon';

/** A resource whose screens are not rebuilt yet: its route, menu entry and permission check exist already. */
export const comingSoon = (icon: SvgIconComponent) => ({ list: () => <ComingSoon />, icon });
