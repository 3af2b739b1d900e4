import DashboardIcon from '@mui/icons-material/Dashboard';
import type { SvgIconComponent } from '@mui/icons-material';
import { Chip } from '@mui/material';
import { Menu as RaMenu, useBasename, useCanAccess, useTranslate } from 'react-admin';
import { modules, progressIcon } from '../resources/modules';
import { useStats } from '../providers/useStats';
import { Logo } from './Logo';

interface Entry {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** The resource whose `list` permission shows the entry; none = always shown. */
  resource?: string;
}

const entry = (route: keyof typeof modules, label: string): Entry => ({
  to: route,
  label: `app.menu.${label}`,
  icon: modules[route].icon,
  resource: route,
});

/** The spec's sidebar, in its order; regions, languages and notifications follow so every screen is reachable. */
const ENTRIES: Entry[] = [
  { to: 'home', label: 'app.menu.home', icon: DashboardIcon },
  entry('translate', 'translate'),
  entry('cottage', 'cottage'),
  { to: 'progress-cottages', label: 'app.menu.progress_cottages', icon: progressIcon, resource: 'progress-cottages' },
  entry('order', 'order'),
  entry('services', 'services'),
  entry('tariff', 'tariff'),
  entry('place', 'place'),
  entry('cottage-type', 'cottage_type'),
  entry('comfort', 'comfort'),
  entry('roles', 'roles'),
  entry('user', 'user'),
  entry('region', 'region'),
  entry('language', 'language'),
  entry('notification', 'notification'),
];

const ProgressBadge = () => {
  const { data } = useStats();
  const count = data?.progressCottages ?? 0;
  if (count <= 0) return null;
  return <Chip size="small" color="warning" label={`+${count}`} data-testid="progress-badge" />;
};

const MenuEntry = ({ to, label, icon: Icon, resource }: Entry) => {
  const basename = useBasename();
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: resource ?? 'home', action: 'list' });
  if (isPending || !canAccess) return null;
  const badge = to === 'progress-cottages' ? <ProgressBadge /> : null;
  return (
    <RaMenu.Item
      to={`${basename}/${to}`}
      primaryText={
        <>
          {translate(label)} {badge}
        </>
      }
      leftIcon={<Icon />}
      // Long labels (and the badge after them) wrap instead of being cut off.
      sx={{ '& .MuiTypography-noWrap': { whiteSpace: 'normal' } }}
    />
  );
};

export const Menu = () => (
  <RaMenu>
    <Logo />
    {ENTRIES.map((e) => (
      <MenuEntry key={e.to} {...e} />
    ))}
  </RaMenu>
);
