/**
 * Premium placements, cottage actions: `POST cottage/add/premium/{cottageId}` places a confirmed cottage for
 * `expireDays`; with an `orderId` it is that order's "Active Pre" and happens once per order.
 * `DELETE cottage/delete/premium/{id}` ends a placement early (kept for the record, no longer live).
 */
import { badRequest, conflict, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { placementRecord } from '../../shared/records/placement';
import { premiumCreateSchema } from '../../shared/schemas/marketplace';
import { action } from '../http/resource/actions';
import { activateOrder, endPlacement, insertPlacement, placementById, placementOfOrder } from '../repos/orders';
import { cottageToPlace, orderCottage } from '../repos/placements';
import { said } from '../messages';
import { recordLabel } from '../labels';

const TEXTS = {
  otherCottage: { uz: 'Buyurtma boshqa dacha uchun', ru: 'Заказ относится к другой даче', en: 'The order is for another cottage' },
  notThisCottage: { uz: 'Bu dachaning buyurtmasi emas', ru: 'Это не заказ этой дачи', en: 'Not an order of this cottage' },
  placementGone: {
    uz: 'Bu buyurtma avval faollashtirilgan va uning joylashuvi endi yoʻq',
    ru: 'Этот заказ уже активировали, и его размещения больше нет',
    en: 'This order was activated before and its placement no longer exists',
  },
  confirmedOnly: {
    uz: 'Faqat tasdiqlangan dachani premium qilib joylashtirish mumkin',
    ru: 'Премиум-размещение возможно только для подтверждённой дачи',
    en: 'Only a confirmed cottage can be placed as premium',
  },
} as const;

const { api } = resources.cottage;

export const premiumActions = [
  action({
    method: 'post',
    path: api.premium,
    permission: 'premium',
    audit: 'premium',
    body: { schema: premiumCreateSchema },
    answer: { 200: placementRecord, 201: placementRecord },
    target: { label: recordLabel('cottage', 'Cottage'), load: cottageToPlace },
    // Through the cottage's own edit command: its per-record rules and version.
    edits: (_data, cottage) => ({ id: cottage.id }),
    async run(tx, { data: { expireDays, priority, serviceCode, orderId } }, cottage) {
      if (orderId) {
        const order = await orderCottage(tx, orderId);
        if (!order) throw notFound(recordLabel('order', 'Order'));
        if (order.cottageId !== cottage.id) throw badRequest(said(TEXTS.otherCottage), { orderId: said(TEXTS.notThisCottage) });
        const { created } = await activateOrder(tx, orderId, { expireDays, priority, serviceCode });
        const placement = await placementOfOrder(tx, orderId);
        if (!placement) throw conflict(said(TEXTS.placementGone));
        // A repeated click changes nothing and records nothing.
        const audit = created ? { resource: 'order', action: 'activate' as const, recordId: orderId, after: { premiumPlacement: placement } } : undefined;
        return { answer: placement, status: created ? 201 : 200, audit };
      }
      if (cottage.cottageStatus !== 'confirmed') throw conflict(said(TEXTS.confirmedOnly));
      const placed = await insertPlacement(tx, { cottageId: cottage.id, serviceCode, priority: priority ?? 1, expireDays });
      return { answer: placed, status: 201, audit: { recordId: cottage.id, after: { premiumPlacement: placed } } };
    },
  }),
  action({
    method: 'delete',
    path: api.premiumEnd,
    permission: 'premium',
    audit: 'premiumEnd',
    answer: placementRecord,
    target: { label: said({ uz: 'Premium joylashuv', ru: 'Премиум-размещение', en: 'Premium placement' }), load: placementById },
    edits: (_data, placement) => ({ id: placement.cottageId }),
    async run(tx, _input, current) {
      const ended = await endPlacement(tx, current);
      return { answer: ended, audit: { recordId: current.cottageId, before: { premiumPlacement: current }, after: { premiumPlacement: ended } } };
    },
  }),
];
