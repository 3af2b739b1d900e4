/** A cottage's images as rows of their own (see `repos/cottage-images.ts` for the one-main-image rule): cottage actions. */
import { badRequest, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { cottageImageRecord } from '../../shared/records/cottage';
import { cottageImageAddSchema, cottageImageEditSchema } from '../../shared/schemas/marketplace';
import { action } from '../http/resource/actions';
import { addCottageImage, deleteCottageImage, editCottageImage, imageById } from '../repos/cottage-images';
import { cottageExists } from '../repos/references';

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
      if (!(await cottageExists(tx, data.cottageId))) throw notFound('Cottage');
      const path = await saveImage('image', false);
      if (!path) throw badRequest('Please provide an image', { image: 'An image is required' });
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
        throw badRequest('A cottage keeps one main image: make another image main instead', { isMainImage: 'Make another image main' });
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
