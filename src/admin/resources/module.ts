import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AppMessages } from '../../../i18n/types';
import type { Stats } from '../providers/apiExtras';
import type { ListDefaults } from '../providers/listPrefetch';

type Menu = AppMessages['app']['menu'];
type HomeTexts = AppMessages['app']['home'];

/** Where a screen sits in the sidebar: ascending `order`, labelled by a key of `app.menu`. */
export interface MenuPlace {
  order: number;
  label: `app.menu.${Extract<keyof Menu, string>}`;
  /** Shown after the label, e.g. the "+N" of the cottages waiting for moderation. */
  badge?: ComponentType;
  /** The list's fixed props: its first page is fetched at the click, while the list is still being drawn. */
  prefetch?: ListDefaults;
}

/** A home tile: the count `stat` of `GET /stats`, linking to the resource's list. */
export interface HomeTile {
  order: number;
  stat: keyof Stats;
  label: `app.home.${Extract<Exclude<keyof HomeTexts, 'title'>, string>}`;
  color: string;
  /** When the tile shows another icon than the menu's. */
  icon?: SvgIconComponent;
}

/** Everything the panel knows about one admin resource: its react-admin views plus its menu entry and home tile. */
export interface ResourceModule extends Omit<ResourceProps, 'name' | 'icon'> {
  icon: SvgIconComponent;
  /** No `menu`: the resource is registered (references, permissions) but has no sidebar entry. */
  menu?: MenuPlace;
  tile?: HomeTile;
}
