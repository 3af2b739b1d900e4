import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AppMessages } from '../../../i18n/types';
import type { Stats } from '../providers/apiExtras';
import type { ListDefaults } from '../providers/listPrefetch';

/** A catalogue key a sidebar entry may be labelled with: a page's `app.menu.*`, or a key of a resource's own texts. */
export type MenuLabel =
  | `app.menu.${Extract<keyof AppMessages['app']['menu'], string>}`
  | `resources.${Extract<keyof AppMessages['resources'], string>}.${string}`;

/**
 * Where a screen sits in the sidebar: ascending `order`. A resource's entry reads `resources.<route>.menu` (its own
 * i18n file); a page names its `label`.
 */
export interface MenuPlace {
  order: number;
  label?: MenuLabel;
  /** Shown after the label, e.g. the "+N" of the cottages waiting for moderation. */
  badge?: ComponentType;
  /** The list's fixed props: its first page is fetched at the click, while the list is still being drawn. */
  prefetch?: ListDefaults;
}

/** A home tile: the count `stat` of `GET /stats`, labelled `resources.<route>.tile`, linking to the resource's list. */
export interface HomeTile {
  order: number;
  stat: keyof Stats;
  color: string;
  /** When the tile shows another icon than the menu's. */
  icon?: SvgIconComponent;
}

/** A route of the panel that is not one of react-admin's resource views: its element, icon and sidebar place. */
export interface PageModule {
  element: ReactElement;
  icon?: SvgIconComponent;
  menu?: MenuPlace;
  /** The action on the owning resource its sidebar entry asks about, when not `list` (the review desk: `moderate`). */
  action?: string;
}

/**
 * Everything the panel knows about one admin resource, the default export of `resources/<route>/index.ts`: its
 * react-admin views plus its menu place and home tile.
 */
export interface ResourceModule extends Omit<ResourceProps, 'name' | 'icon'> {
  icon: SvgIconComponent;
  /** No `menu`: the resource is registered (references, permissions) but has no sidebar entry. */
  menu?: MenuPlace;
  tile?: HomeTile;
  /**
   * Pages of the resource besides its list, create and edit (route → page), e.g. the cottages' moderation queue;
   * the sidebar shows them to whoever may list the resource.
   */
  pages?: Record<string, PageModule>;
}

/** Types a folder's module where it is written (the map in `modules.ts` is discovered, so it cannot check it). */
export const resourceModule = <M extends ResourceModule>(module: M): M => module;
