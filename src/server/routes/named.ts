/**
 * Every resource of the registry's `named` preset (regions, places, comforts, cottage types…): its routes derive from
 * the registry entry (`http/named-resource.ts`), plus what a resource declares of its own below. A new named resource
 * needs no line here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NAMED_KEYS, type NamedKey } from '../../shared/resources';
import { namedResource, type NamedResourceConfig } from '../http/named-resource';
import { registerResource } from '../http/resource-routes';
import { placeOwn } from './places';

/**
 * Their own checks and reads. A referenced record's existence (404) and the delete's dependents (409) derive from the
 * registry's `reference` fields for every resource (`http/resource/references.ts`); comforts and cottage types unlink
 * themselves from cottages on delete.
 */
const OWN: { [K in NamedKey]?: Omit<NamedResourceConfig<{ id: string }>, 'key'> } = {
  place: placeOwn as unknown as Omit<NamedResourceConfig<{ id: string }>, 'key'>,
};

const namedRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const key of NAMED_KEYS) registerResource(app, namedResource({ key, ...OWN[key] }));
};

export default namedRoutes;
