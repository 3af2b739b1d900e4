/**
 * The audit history, read only (`audit.list`): the list with react-admin's parameters, filterable by user, resource,
 * record, action and a date range (`createdAt_gte`/`createdAt_lte`; a bare date as `_lte` takes the whole day), and its
 * CSV export. Entries are written by the writes themselves; the list's SQL, records and export rows are in
 * `repos/audit.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from '../http/resource-routes';
import { auditListSpec, exportAudit, loadAudit } from '../repos/audit';
import { resources } from '../../shared/resources';
import { auditRecord } from '../../shared/records/audit';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.audit,
    label: 'Audit entry',
    record: auditRecord,
    load: (db, ids) => loadAudit(db, ids),
    exportRows: (db, ids) => exportAudit(db, ids),
    spec: auditListSpec,
  });
};

export default auditRoutes;
