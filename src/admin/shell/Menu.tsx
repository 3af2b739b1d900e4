import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Menu as RaMenu, useBasename, useCanAccess, useDataProvider, useNavigate, useStoreContext, useTranslate } from 'react-admin';
import type { MouseEvent } from 'react';
import { prefetchList, type ListDefaults } from '../providers/listPrefetch';
import { moduleEntries } from '../resources/modules';
import { Logo } from '../ui/Logo';
import type { MenuPlace, PageModule } from '../resources/module';
import { pages } from './pages';

interface Entry {
  /** The route. */
  to: string;
  /** What `canAccess` is asked about (`list`): the route itself, or the resource owning the page. */
  access: string;
  /** The action asked about: `list`, or the page's own (`moderate` for the review desk). */
  action: string;
  label: string;
  order: number;
  icon: SvgIconComponent;
  badge?: ComponentType;
  prefetch?: ListDefaults;
}

const entry = (to: string, access: string, page: { menu?: MenuPlace; icon?: SvgIconComponent; action?: string }, label?: string): Entry[] =>
  page.menu && page.icon ? [{ to, access, action: page.action ?? 'list', icon: page.icon, ...page.menu, label: page.menu.label ?? label ?? to }] : [];

/**
 * The sidebar, from the pages' and the modules' `menu` places (a resource's entry labelled by its own
 * `resources.<route>.menu`, its pages shown to whoever may list it): the spec's order, then regions, languages,
 * notifications and the audit log.
 */
export const MENU_ENTRIES: Entry[] = [
  ...Object.entries(pages as Record<string, PageModule>).flatMap(([to, page]) => entry(to, to, page)),
  ...moduleEntries.flatMap(([route, module]) => [
    ...entry(route, route, module, `resources.${route}.menu`),
    ...Object.entries(module.pages ?? {}).flatMap(([to, page]) => entry(to, route, page)),
  ]),
].sort((a, b) => a.order - b.order);

const MenuEntry = ({ to, access, action, label, icon: Icon, badge: Badge, prefetch }: Entry) => {
  const basename = useBasename();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const store = useStoreContext();
  const navigate = useNavigate();
  const href = `${basename}/${to}`;
  const onClick = (event: MouseEvent) => {
    if (!prefetch) return;
    prefetchList(queryClient, dataProvider, store, to, prefetch);
    // A plain click: the page changes a moment later, so the request leaves before the list's first render blocks
    // the page for a few hundred ms (the browser sends a fetch only when the main thread is free).
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // Like the link itself: the same page again replaces the history entry instead of adding one.
    const replace = `${window.location.pathname}${window.location.search}` === href;
    setTimeout(() => navigate(href, { replace }), 0);
  };
  const { canAccess, isPending } = useCanAccess({ resource: access, action });
  if (isPending || !canAccess) return null;
  return (
    <RaMenu.Item
      to={href}
      primaryText={
        <>
          {translate(label)} {Badge && <Badge />}
        </>
      }
      leftIcon={<Icon />}
      // The list's first page leaves with the click, not after the list's first render.
      onClick={onClick}
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
