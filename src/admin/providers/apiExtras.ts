/**
 * The panel's calls beyond react-admin's CRUD, in one place, on the registry's paths: translations to pick from, the
 * counts, the languages, the signed-in user, the permission catalogue, "Active Pre", moderation, premium placements
 * and a cottage's image rows.
 */
import type { Identifier, RaRecord } from 'react-admin';
import type { CottageStatus, ServiceCode } from '../../shared/enums';
import { apiPath, resources } from '../../shared/resources';
import type { ApiResponse } from './httpClient';
import { toFormData } from './payload';
// Types only: the schemas' zod stays out of the login bundle.
import type { StatsSeries } from '../../shared/schemas/stats-series';

type Http = <T = unknown>(path: string, init?: RequestInit) => Promise<ApiResponse<T>>;

export interface TranslationChoice {
  id: string;
  code: string;
}
export interface Language {
  id: string;
  code: string;
  title: string;
  image?: string | null;
}
/** `GET /stats`: a count is present only when the caller may list that resource. */
export type Stats = Partial<
  Record<
    'users' | 'cottages' | 'languages' | 'regions' | 'places' | 'comforts' | 'notifications' | 'progressCottages',
    number
  >
>;
/** `GET user/me`, as far as the panel reads it. */
export interface Me {
  id: string;
  username: string;
  name?: string | null;
  image?: string | null;
  email?: string | null;
  balance?: number;
  permissions?: string[];
  roles?: { role: { id: string; name: string } }[];
}
/** `GET /models`: the permission catalogue grouped by resource. */
export interface PermissionGroup {
  id: string;
  name: string;
  label: string;
  permission: { id: string; code: string; name: string; modelId: string }[];
}
export type { StatsSeries } from '../../shared/schemas/stats-series';
/** `PATCH user/me`: the caller's own name, e-mail and photo; an absent field changes nothing. */
export interface ProfileChange {
  name?: string;
  email?: string;
  image?: File;
}
export interface CottageImage {
  id: string;
  cottageId: string;
  image: string;
  isMainImage: boolean;
  status: string;
}
export interface CottageDependents {
  orders: number;
  placements: number;
}
export interface NewPlacement {
  expireDays: number;
  serviceCode: ServiceCode;
  priority?: number;
  orderId?: string;
}

export interface ApiExtras {
  unusedTranslations(): Promise<TranslationChoice[]>;
  languages(): Promise<Language[]>;
  stats(): Promise<Stats>;
  me(): Promise<Me>;
  permissionGroups(): Promise<PermissionGroup[]>;
  /** Replaces a record's image through its resource's image call. */
  updateImage(resource: string, id: Identifier, file: File): Promise<{ data: RaRecord }>;
  /** "Active Pre": turns an order into its premium placement, once. */
  activateOrder(orderId: Identifier): Promise<RaRecord>;
  /**
   * Confirms or rejects a cottage (needs `cottage.moderate`); a reason reaches its owner as a personal notification.
   * `version`: the `updatedAt` the decision was made on (a newer one answers 409).
   */
  moderateCottage(cottageId: Identifier, cottageStatus: CottageStatus, reason?: string, version?: string): Promise<RaRecord>;
  /** The same for several cottages in one all-or-nothing call, each with the version it was seen at. */
  moderateCottages(cottageIds: Identifier[], cottageStatus: CottageStatus, reason?: string, versions?: Record<string, string>): Promise<void>;
  /** How many orders and premium placements a cottage's delete takes with it. */
  cottageDependents(cottageId: Identifier): Promise<CottageDependents>;
  addPremium(cottageId: Identifier, placement: NewPlacement): Promise<RaRecord>;
  endPremium(placementId: Identifier): Promise<RaRecord>;
  addCottageImage(cottageId: Identifier, file: File, isMainImage?: boolean): Promise<CottageImage>;
  editCottageImage(
    imageId: Identifier,
    change: { file?: File; isMainImage?: boolean; status?: 'active' | 'inactive' },
  ): Promise<CottageImage>;
  deleteCottageImage(imageId: Identifier): Promise<void>;
  /** The home charts' day-by-day series (`GET /stats/series`). */
  statsSeries(): Promise<StatsSeries>;
  updateProfile(change: ProfileChange): Promise<Me>;
  /** 400 on a wrong current password; ends the caller's other sessions. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

const { cottage, order, permission } = resources;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export function createApiExtras(http: Http): Omit<ApiExtras, 'updateImage'> {
  return {
    unusedTranslations: async () => (await http<TranslationChoice[]>('translate/unused')).json ?? [],
    languages: async () => (await http<Language[]>(resources.language.api.list)).json ?? [],
    stats: async () => (await http<Stats>('stats')).json ?? {},
    me: async () => (await http<Me>('user/me')).json,
    permissionGroups: async () => (await http<PermissionGroup[]>(permission.api.list)).json ?? [],
    activateOrder: async (id) => (await http<RaRecord>(apiPath(order.api.activate, id), { method: 'POST' })).json,
    moderateCottage: async (id, cottageStatus, reason, version) =>
      (await http<RaRecord>(apiPath(cottage.api.update, id), { ...json('PATCH', { cottageStatus, reason }), headers: version ? { 'if-match': version } : {} })).json,
    async moderateCottages(ids, cottageStatus, reason, versions) {
      const named = versions && Object.keys(versions).length ? { versions } : {};
      await http(cottage.api.bulkUpdate!, json('PATCH', { ids, data: { cottageStatus, reason }, ...named }));
    },
    cottageDependents: async (id) => (await http<CottageDependents>(apiPath('cottage/dependents/:id', id))).json,
    addPremium: async (id, placement) =>
      (await http<RaRecord>(apiPath(cottage.api.premium, id), json('POST', placement))).json,
    endPremium: async (id) => (await http<RaRecord>(apiPath(cottage.api.premiumEnd, id), { method: 'DELETE' })).json,
    async addCottageImage(cottageId, file, isMainImage = false) {
      const body = toFormData({ cottageId, isMainImage, image: file });
      return (await http<CottageImage>(cottage.api.imageAdd, { method: 'POST', body })).json;
    },
    async editCottageImage(id, { file, ...fields }) {
      const body = toFormData({ ...fields, image: file });
      return (await http<CottageImage>(apiPath(cottage.api.imageEdit, id), { method: 'PATCH', body })).json;
    },
    async deleteCottageImage(id) {
      await http(apiPath(cottage.api.imageDelete, id), { method: 'DELETE' });
    },
    statsSeries: async () => (await http<StatsSeries>('stats/series')).json,
    updateProfile: async (change) => (await http<Me>('user/me', { method: 'PATCH', body: toFormData({ ...change }) })).json,
    async changePassword(currentPassword, newPassword) {
      await http('user/me/password', json('POST', { currentPassword, newPassword }));
    },
  };
}
