/**
 * A cottage's images as rows of their own (see `repos/cottage-images.ts` for the one-main-image rule): cottage actions,
 * each run as the cottage's edit command (`edits`): its permission, per-record rules and version. An image the call
 * replaces or deletes is removed once it succeeded, as before (no revert brings a single image back).
 */
import { badRequest, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { cottageImageRecord } from '../../shared/records/cottage';
import { z } from 'zod';
import { cottageImageAddSchema, cottageImageEditSchema, cottageImageOrderSchema } from '../../shared/schemas/marketplace';
import type { CottageRecord } from '../../shared/records/cottage';
import { action } from '../http/resource/actions';
import { addCottageImage, deleteCottageImage, editCottageImage, galleryImages, imageById, setGalleryOrder } from '../repos/cottage-images';
import { cottageExists } from '../repos/references';
import { said } from '../messages';
import { recordLabel } from '../labels';

const TEXTS = {
  image: { uz: 'Iltimos, rasm yuklang', ru: 'Пожалуйста, загрузите изображение', en: 'Please provide an image' },
  imageRequired: { uz: 'Rasm majburiy', ru: 'Нужно изображение', en: 'An image is required' },
  oneMain: {
    uz: 'Dachada bitta asosiy rasm boʻladi: oʻrniga boshqa rasmni asosiy qiling',
    ru: 'У дачи одно главное изображение: сделайте главным другое',
    en: 'A cottage keeps one main image: make another image main instead',
  },
  makeAnother: { uz: 'Boshqa rasmni asosiy qiling', ru: 'Сделайте главным другое изображение', en: 'Make another image main' },
  orderStale: {
    uz: 'Dacha rasmlari oʻzgargan: sahifani yangilang va tartibni qaytadan belgilang',
    ru: 'Изображения дачи изменились: обновите страницу и задайте порядок снова',
    en: 'The cottage’s images have changed: reload and set the order again',
  },
  orderEach: {
    uz: 'Dachaning har bir rasmi bir martadan boʻlishi kerak',
    ru: 'Каждое изображение дачи должно быть ровно один раз',
    en: 'Every image of the cottage, once each',
  },
} as const;

const { api } = resources.cottage;
const image = { label: 'Image', load: imageById };

/** The ids of `ids` are the cottage's images, each once: else the form worked from an older list of them. */
const sameImages = (ids: string[], current: string[]) => ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));

export const cottageImageActions = [
  action({
    method: 'put',
    path: api.imageOrder,
    permission: 'edit',
    audit: 'imageOrder',
    description: 'Puts the cottage’s images (`:id` = cottage id) in the gallery’s new order: every image, once each. Answers them in that order.',
    body: { schema: cottageImageOrderSchema },
    answer: z.array(cottageImageRecord),
    edits: (_data, cottage: CottageRecord) => ({ id: cottage.id }),
    async run(tx, { data }, cottage) {
      const current = await galleryImages(tx, cottage.id);
      const before = current.map((i) => i.id);
      if (!sameImages(data.ids, before)) throw badRequest(said(TEXTS.orderStale), { ids: said(TEXTS.orderEach) });
      await setGalleryOrder(tx, cottage.id, data.ids);
      const images = data.ids.map((id) => current.find((i) => i.id === id)!);
      return { answer: images, audit: { recordId: cottage.id, before: { images: before }, after: { images: data.ids } } };
    },
  }),
  action({
    method: 'post',
    path: api.imageAdd,
    permission: 'edit',
    audit: 'imageAdd',
    body: { schema: cottageImageAddSchema, files: { image: 1 } },
    answer: { 201: cottageImageRecord },
    edits: (data) => ({ id: data.cottageId }),
    async run(tx, { data, image: saveImage }) {
      if (!(await cottageExists(tx, data.cottageId))) throw notFound(recordLabel('cottage', 'Cottage'));
      const path = await saveImage('image', false);
      if (!path) throw badRequest(said(TEXTS.image), { image: said(TEXTS.imageRequired) });
      const added = await addCottageImage(tx, data.cottageId, path, data);
      return { answer: added, status: 201, audit: { recordId: data.cottageId, after: added } };
    },
  }),
  action({
    method: 'patch',
    path: api.imageEdit,
    permission: 'edit',
    audit: 'imageEdit',
    body: { schema: cottageImageEditSchema, files: { image: 1 } },
    answer: cottageImageRecord,
    target: image,
    edits: (_data, current) => ({ id: current.cottageId }),
    async run(tx, { data, image: saveImage }, current) {
      if (data.isMainImage === false && current.isMainImage) {
        throw badRequest(said(TEXTS.oneMain), { isMainImage: said(TEXTS.makeAnother) });
      }
      const path = await saveImage('image', false);
      const edited = await editCottageImage(tx, current, { ...data, image: path });
      return { answer: edited, audit: { recordId: current.cottageId, before: current, after: edited }, removeFiles: path ? [current.image] : [] };
    },
  }),
  action({
    method: 'delete',
    path: api.imageDelete,
    permission: 'edit',
    audit: 'imageDelete',
    answer: cottageImageRecord,
    target: image,
    edits: (_data, current) => ({ id: current.cottageId }),
    async run(tx, _input, current) {
      await deleteCottageImage(tx, current);
      return { answer: current, audit: { recordId: current.cottageId, before: current }, removeFiles: [current.image] };
    },
  }),
];
