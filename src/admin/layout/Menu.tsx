import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import { Menu as RaMenu, useBasename, useCanAccess, useTranslate } from 'react-admin';
import { moduleEntries } from '../resources/modules';
import { Logo } from './Logo';
import { pages, type PageModule } from './pages';

interface Entry {
  /** The route, which is also what `canAccess` is asked about (`list`). */
  to: string;
  label: string;
  order: number;
  icon: SvgIconComponent;
  badge?: ComponentType;
}

/** The sidebar, from the modules' and pages' `menu` places: the spec's order, then regions, languages, notifications. */
export const MENU_ENTRIES: Entry[] = [...Object.entries(pages as Record<string, PageModule>), ...moduleEntries]
  .flatMap(([to, m]) => (m.menu && m.icon ? [{ to, icon: m.icon, ...m.menu }] : []))
  .sort((a, b) => a.order - b.order);

const MenuEntry = ({ to, label, icon: Icon, badge: Badge }: Entry) => {
  const basename = useBasename();
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: to, action: 'list' });
  if (isPending || !canAccess) return null;
  return (
    <RaMenu.Item
      to={`${basename}/${to}`}
      primaryText={
        <>
          {translate(label)} {Badge && <Badge />}
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
    {MENU_ENTRIES.map((e) => (
      <MenuEntry key={e.to} {...e} />
    ))}
  </RaMenu>
);
