/**
 * The panel's calls beyond react-admin's CRUD, in one place, on the registry's paths: translations to pick from, the
 * counts, the languages, the signed-in user, the permission catalogue, "Active Pre", moderation, premium placements
 * and a cottage's image rows.
 */
import type { SearchResult } from '../../shared/schemas/search';
import type { Identifier, RaRecord } from 'react-admin';
import type { CottageStatus, ServiceCode } from '../../shared/enums';
import { PATHS } from '../../shared/paths';
import { apiPath, resources } from '../../shared/resources';
import type { Http } from './httpClient';
import { toFormData } from './payload';
import { createReviewApi, type ReviewApi } from './reviewApi';
// Types only (erased at build): the records' and schemas' zod stays out of the admin's bundles.
import type { Json } from '../../shared/json';
import type { CottageDependentsRecord, CottageImageRecord } from '../../shared/records/cottage';
import type { LanguageRecord } from '../../shared/records/language';
import type { PermissionGroupRecord } from '../../shared/records/role';
import type { TranslationRecord } from '../../shared/records/translation';
import type { MeRecord } from '../../shared/records/user';
import type { Stats } from '../../shared/schemas/stats';
import type { StatsSeries } from '../../shared/schemas/stats-series';


/** A translation to pick from (`GET translate/unused`), as far as the pickers read it. */
export type TranslationChoice = Pick<Json<TranslationRecord>, 'id' | 'code'>;
/** `GET /language`. */
export type Language = Json<LanguageRecord>;
/** `GET /stats`: a count is present only when the caller may list that resource. */
export type { Stats };
/** `GET user/me`: the caller plus their permission codes. */
export type Me = Json<MeRecord>;
/** `GET /models`: the permission catalogue grouped by resource. */
export type PermissionGroup = Json<PermissionGroupRecord>;
export type { StatsSeries };
/** `PATCH user/me`: the caller's own name, e-mail and photo; an absent field changes nothing. */
export interface ProfileChange {
  name?: string;
  email?: string;
  image?: File;
}
/** A cottage's image row (`cottage/image/*`). */
export type CottageImage = Json<CottageImageRecord>;
/** `GET cottage/dependents/:id`. */
export type CottageDependents = CottageDependentsRecord;
export interface NewPlacement {
  expireDays: number;
  serviceCode: ServiceCode;
  priority?: number;
  orderId?: string;
}

/** The review desk's calls (`reviewApi.ts`) are part of the extras. */
export interface ApiExtras extends ReviewApi {
  unusedTranslations(): Promise<TranslationChoice[]>;
  languages(): Promise<Language[]>;
  stats(): Promise<Stats>;
  me(): Promise<Me>;
  permissionGroups(): Promise<PermissionGroup[]>;
  /** Replaces a record's image through its resource's image call. */
  updateImage(resource: string, id: Identifier, file: File): Promise<{ data: RaRecord }>;
  /** "Make premium" (the original's "Active Pre"): turns an order into its premium placement, once. */
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
  /** Puts every image of the cottage, once each, in the gallery's new order; answers them in it. */
  orderCottageImages(cottageId: Identifier, imageIds: Identifier[]): Promise<CottageImage[]>;
  /** The home charts' day-by-day series (`GET /stats/series`). */
  statsSeries(): Promise<StatsSeries>;
  updateProfile(change: ProfileChange): Promise<Me>;
  /** 400 on a wrong current password; ends the caller's other sessions. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Takes an audited change back (`POST audit/revert/:id`); 409 names the fields changed since. */
  revertChange(auditId: Identifier): Promise<RevertResult>;
  /** The audit entries of these records' latest deletes (what the delete toast's Undo reverts), newest first. */
  deleteEntriesOf(resourceKey: string, recordIds: Identifier[], action: 'delete' | 'bulkDelete'): Promise<string[]>;
  /** The command palette's search over every kind the caller may list (`GET /search`). */
  search(q: string): Promise<SearchResult[]>;
}

/** What a revert did: fields put back, the record brought back, or deleted. */
export interface RevertResult {
  revertOf: string;
  resource: string;
  recordId: string;
  done: 'edit' | 'restore' | 'delete';
  fields: string[];
}

const { audit, cottage, order, permission } = resources;
const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export function createApiExtras(http: Http): Omit<ApiExtras, 'updateImage'> {
  return {
    ...createReviewApi(http),
    unusedTranslations: async () => (await http<TranslationChoice[]>(PATHS.unusedTranslations)).json ?? [],
    languages: async () => (await http<Language[]>(resources.language.api.list)).json ?? [],
    stats: async () => (await http<Stats>(PATHS.stats)).json ?? {},
    search: async (q) => (await http<SearchResult[]>(`${PATHS.search}?q=${encodeURIComponent(q)}`)).json ?? [],
    me: async () => (await http<Me>(PATHS.me)).json,
    permissionGroups: async () => (await http<PermissionGroup[]>(permission.api.list)).json ?? [],
    activateOrder: async (id) => (await http<RaRecord>(apiPath(order.api.activate, id), { method: 'POST' })).json,
    moderateCottage: async (id, cottageStatus, reason, version) =>
      (await http<RaRecord>(apiPath(cottage.api.update, id), { ...json('PATCH', { cottageStatus, reason }), headers: version ? { 'if-match': version } : {} })).json,
    async moderateCottages(ids, cottageStatus, reason, versions) {
      const named = versions && Object.keys(versions).length ? { versions } : {};
      await http(cottage.api.bulkUpdate!, json('PATCH', { ids, data: { cottageStatus, reason }, ...named }));
    },
    cottageDependents: async (id) => (await http<CottageDependents>(apiPath(PATHS.cottageDependents, id))).json,
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
    orderCottageImages: async (cottageId, ids) =>
      (await http<CottageImage[]>(apiPath(cottage.api.imageOrder, cottageId), json('PUT', { ids: ids.map(String) }))).json ?? [],
    statsSeries: async () => (await http<StatsSeries>(PATHS.statsSeries)).json,
    updateProfile: async (change) => (await http<Me>(PATHS.me, { method: 'PATCH', body: toFormData({ ...change }) })).json,
    async changePassword(currentPassword, newPassword) {
      await http(PATHS.myPassword, json('POST', { currentPassword, newPassword }));
    },
    revertChange: async (id) => (await http<RevertResult>(apiPath(audit.api.revert, id), { method: 'POST' })).json,
    async deleteEntriesOf(resourceKey, recordIds, action) {
      const ids = recordIds.map(String);
      const params = { filter: { resource: resourceKey, recordId: ids, action }, sort: ['createdAt', 'DESC'], range: [0, ids.length * 2] };
      const found = (await http<{ id: string; recordId: string }[]>(`${audit.api.list}?${query(params)}`)).json ?? [];
      // The latest delete of each record (a record deleted, brought back and deleted again has several).
      const latest = new Map<string, string>();
      for (const entry of found) if (!latest.has(entry.recordId)) latest.set(entry.recordId, entry.id);
      return [...latest.values()];
    },
  };
}
