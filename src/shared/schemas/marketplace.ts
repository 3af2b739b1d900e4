/**
 * Payloads of the marketplace calls — cottages and their images, premium placements, orders, notifications — shared
 * by the server's validation and the admin's forms.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, COTTAGE_STATUSES, SERVICE_CODES } from '../enums';
import { blankIsAbsent, createSchemaOf, editSchemaOf, numberLike, uuid } from '../payload';
import { resources } from '../resources';

const latitude = numberLike.pipe(z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'));
const longitude = numberLike.pipe(z.number().min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180'));
const flag = z.preprocess((v) => (typeof v === 'string' ? /^(true|1|on|yes)$/i.test(v.trim()) : v), z.boolean());

const activeStatus = z.enum(ACTIVE_STATUSES, { message: `Must be one of ${ACTIVE_STATUSES.join(', ')}` });

/** The registry's `location` field: `{latitude, longitude}` as an object or its JSON text (from a multipart form). */
const location = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.object({ latitude: blankIsAbsent(latitude), longitude: blankIsAbsent(longitude) }, { message: 'location must be {latitude, longitude}' }).optional(),
);

/**
 * A moderator's reason for confirming or rejecting a cottage; with `cottageStatus` only. The cottage's owner receives it
 * as a personal notification, written in the same transaction as the status.
 */
const moderationReason = { reason: blankIsAbsent(z.string().trim().max(1000, 'The reason is at most 1000 characters')) };

/** The cottage's position: `latitude` (also spelt `lattitude`, as the spec's edit form does), `longitude`, `location`. */
const position = { latitude: blankIsAbsent(latitude), lattitude: blankIsAbsent(latitude), longitude: blankIsAbsent(longitude), location };

/** `POST cottage/add` (multipart; the files `mainImage` and `images[]` travel beside these fields). A new cottage has no rating. */
export const cottageCreateSchema = createSchemaOf(resources.cottage).omit({ rating: true }).extend(position);

/**
 * `PATCH cottage/edit/{id}` (JSON). Only what is sent changes; an absent or empty field — including an empty
 * `comforts`/`cottageType` list — leaves the stored value alone. Lists, when non-empty, replace the links.
 */
export const cottageEditSchema = editSchemaOf(resources.cottage).extend({ ...position, ...moderationReason });
export type CottageEdit = z.infer<typeof cottageEditSchema>;

/** `POST cottage/image/add` (multipart with the file `image`). */
export const cottageImageAddSchema = z.object({
  cottageId: uuid,
  isMainImage: blankIsAbsent(flag),
  status: blankIsAbsent(activeStatus),
});

/** `PATCH cottage/image/edit/{id}` (multipart, the file `image` optional). `isMainImage: true` makes it the main one. */
export const cottageImageEditSchema = z.object({
  status: blankIsAbsent(activeStatus),
  isMainImage: blankIsAbsent(flag),
});

/** `PUT cottage/image/order/{cottageId}`: every image of the cottage, once each, in the gallery's new order. */
export const cottageImageOrderSchema = z.object({
  ids: z.array(uuid).min(1).max(200),
});

/** `POST cottage/add/premium/{cottageId}`. `orderId` ties the placement to an order (then it is idempotent). */
export const premiumCreateSchema = z.object({
  expireDays: numberLike.pipe(z.number().int('expireDays must be a whole number').min(1, 'expireDays is at least 1').max(3650, 'expireDays is at most 3650')),
  /** The original panel sends the cottage's rating here (e.g. 4.1): rounded, at least 1. */
  priority: blankIsAbsent(
    numberLike.pipe(z.number().min(0, 'priority cannot be negative').max(1000, 'priority is at most 1000').transform((n) => Math.max(1, Math.round(n)))),
  ),
  serviceCode: z.enum(SERVICE_CODES, { message: `serviceCode must be one of ${SERVICE_CODES.join(', ')}` }),
  orderId: blankIsAbsent(uuid),
});

/** `PATCH order/update/{orderId}`: the two statuses; `orderId` in the body is accepted and ignored (the path decides). */
export const orderUpdateSchema = editSchemaOf(resources.order)
  .pick({ status: true, orderStatus: true })
  .extend({ orderId: z.unknown().optional() })
  .default({});

/** `PATCH order/bulk/edit`: one or both statuses, applied to every listed order. */
export const orderBulkEditSchema = editSchemaOf(resources.order)
  .pick({ status: true, orderStatus: true })
  .strict()
  .refine((v) => v.status !== undefined || v.orderStatus !== undefined, 'Give status or orderStatus');

/** `PATCH cottage/bulk/edit`: the moderation state of every listed cottage. */
export const cottageBulkEditSchema = z.object({ cottageStatus: z.enum(COTTAGE_STATUSES), ...moderationReason }).strict();

/** `POST notification/add`: a public notification names nobody; a personal one names an existing user. */
export const notificationCreateSchema = createSchemaOf(resources.notification).superRefine((v, ctx) => {
  if (v.type === 'personal' && !v.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'A personal notification needs a user' });
  if (v.type === 'public' && v.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'A public notification is for everyone: leave the user empty' });
});
