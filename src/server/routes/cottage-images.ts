/** A cottage's images as rows of their own (see `repos/cottage-images.ts` for the one-main-image rule): cottage actions. */
import { badRequest, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { cottageImageRecord } from '../../shared/records/cottage';
import { cottageImageAddSchema, cottageImageEditSchema } from '../../shared/schemas/marketplace';
import { action } from '../http/resource/actions';
import { addCottageImage, deleteCottageImage, editCottageImage, imageById } from '../repos/cottage-images';
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
} as const;

const { api } = resources.cottage;
const image = { label: 'Image', load: imageById };

export const cottageImageActions = [
  action({
    method: 'post',
    path: api.imageAdd,
    permission: 'edit',
    audit: 'imageAdd',
    body: { schema: cottageImageAddSchema, files: { image: 1 } },
    answer: { 201: cottageImageRecord },
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
    async run(tx, _input, current) {
      await deleteCottageImage(tx, current);
      return { answer: current, audit: { recordId: current.cottageId, before: current }, removeFiles: [current.image] };
    },
  }),
];
