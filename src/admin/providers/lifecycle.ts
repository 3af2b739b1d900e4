/**
 * What is special about a resource's writes, as react-admin lifecycle callbacks around the registry-driven base:
 * - cottage: a cropped main image may come as a bare Blob (named `cropped-image.jpg`, JPEG, as the design says);
 *   its other images are rows of their own, so an edit adds the new files and deletes the rows the form dropped
 *   through the image calls, before the JSON edit (whose answer then carries the images as they now are);
 * - services: the form's images mix stored paths and new files, while the API replaces all images with the files
 *   sent. So when the list changed, the stored images the form kept are fetched and sent again with the new ones, in
 *   the form's order; when it did not change, no image travels and the stored ones stay.
 */
import type { RaRecord, ResourceCallbacks, UpdateParams } from 'react-admin';
import { resources } from '../../shared/resources';
import type { ApiExtras } from './apiExtras';
import { imageUrl } from './imageUrl';
import { newFiles } from './payload';
import { referenceId } from './records';

const CROPPED_NAME = 'cropped-image.jpg';

type Values = Record<string, unknown>;

function asFile(value: unknown): unknown {
  if (value instanceof Blob && !(value instanceof File)) return new File([value], CROPPED_NAME, { type: 'image/jpeg' });
  return value;
}

/** The ids of stored rows among an images value (new files have none). */
function keptIds(value: unknown): Set<string> {
  const items = Array.isArray(value) ? value : [];
  return new Set(
    items
      .filter((item) => typeof item === 'object' && item !== null && !('rawFile' in item) && !(item instanceof Blob))
      .map((item) => String(referenceId(item))),
  );
}

function rowsOf(value: unknown): { id: string; isMainImage?: boolean }[] {
  return Array.isArray(value) ? value.filter((r): r is { id: string } => typeof r?.id === 'string') : [];
}

type Extras = Pick<ApiExtras, 'addCottageImage' | 'deleteCottageImage'>;

export function cottageCallbacks(extras: Extras): ResourceCallbacks {
  return {
    resource: resources.cottage.route,
    beforeSave: async (data: Values) => (data.mainImage ? { ...data, mainImage: asFile(data.mainImage) } : data),
    async beforeUpdate(params: UpdateParams<RaRecord>) {
      const { images, ...data } = params.data as Values;
      if (images === undefined) return params;
      const kept = keptIds(images);
      const removed = rowsOf(params.previousData?.images).filter((row) => !row.isMainImage && !kept.has(row.id));
      for (const row of removed) await extras.deleteCottageImage(row.id);
      for (const file of newFiles(images)) await extras.addCottageImage(params.id, file, false);
      return { ...params, data };
    },
  };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A stored image (`uploads/images/x.jpg`) read back as a file, to be sent again. */
export type FetchStored = (path: string) => Promise<File>;

export const fetchStored: FetchStored = async (path) => {
  const res = await fetch(imageUrl(path) ?? path);
  if (!res.ok) throw new Error(`Cannot read the stored image ${path}`);
  const blob = await res.blob();
  return new File([blob], path.split('/').pop() || 'image', { type: blob.type });
};

/** A stored image of the form: its path as read, or an ImageInput preview `{src}` of it (new files have `rawFile`). */
function storedPath(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null || 'rawFile' in item || item instanceof Blob) return undefined;
  const { path, src } = item as { path?: unknown; src?: unknown };
  const value = path ?? src;
  return typeof value === 'string' ? value.replace(/^\//, '') : undefined;
}

export function servicesCallbacks(readStored: FetchStored = fetchStored): ResourceCallbacks {
  return {
    resource: resources.service.route,
    async beforeUpdate(params: UpdateParams<RaRecord>) {
      const { images, ...data } = params.data as Values;
      if (!Array.isArray(images)) return params;
      const before = Array.isArray(params.previousData?.images) ? params.previousData.images.map(String) : [];
      const added = newFiles(images);
      const kept = images.map(storedPath).filter((p): p is string => p !== undefined);
      if (added.length === 0 && same(kept, before)) return { ...params, data };
      if (added.length === 0 && kept.length === 0) {
        throw new Error('A service keeps at least one image: add one before removing the last');
      }
      const files = await Promise.all(
        images.map((item) => {
          const path = storedPath(item);
          return newFiles([item])[0] ?? (path === undefined ? undefined : readStored(path));
        }),
      );
      return { ...params, data: { ...data, images: files.filter((f) => f !== undefined) } };
    },
  };
}
