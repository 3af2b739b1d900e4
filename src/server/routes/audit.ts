/**
 * The audit history, read only (`audit.list`): the list with react-admin's parameters, filterable by user, resource,
 * record, action and a date range (`createdAt_gte`/`createdAt_lte`; a bare date as `_lte` takes the whole day), and its
 * CSV export. Entries are written by the writes themselves (`lib/audit.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { badRequest } from '../errors';
import { registerResource } from '../lib/resource-routes';
import type { ListSpec } from '../lib/list';
import { resources } from '../../shared/resources';
import { auditRecord, type AuditRecord } from '../../shared/records/audit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(key: string, value: unknown): string {
  const text = String(value);
  if (typeof value !== 'string' || Number.isNaN(Date.parse(text))) throw badRequest(`Filter "${key}" takes a date or a date and time`, { [key]: 'Not a date' });
  return text;
}

const from = (value: unknown): SQL | undefined => (value === '' ? undefined : sql`${auditLog.createdAt} >= ${instant('createdAt_gte', value)}::timestamptz`);
const until = (value: unknown): SQL | undefined => {
  if (value === '') return undefined;
  const text = instant('createdAt_lte', value);
  return DAY.test(text) ? sql`${auditLog.createdAt} < ${text}::date + 1` : sql`${auditLog.createdAt} <= ${text}::timestamptz`;
};

export const auditListSpec = (): ListSpec => ({
  table: auditLog,
  id: auditLog.id,
  fields: {
    createdAt: auditLog.createdAt,
    userId: auditLog.userId,
    userName: auditLog.userName,
    sessionId: auditLog.sessionId,
    resource: auditLog.resource,
    recordId: auditLog.recordId,
    action: auditLog.action,
  },
  search: [auditLog.userName, auditLog.recordId],
  filters: { createdAt_gte: from, createdAt_lte: until },
  defaultSort: { field: 'createdAt', order: 'desc' },
});

async function loadAudit(db: DbOrTx, ids: string[]): Promise<AuditRecord[]> {
  if (!ids.length) return [];
  return db.select().from(auditLog).where(inArray(auditLog.id, ids));
}

const shown = (value: unknown) => (value === null || value === undefined ? '∅' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The export's rows: the changes as one cell, `field: before → after; …`. */
async function exportAudit(db: DbOrTx, ids: string[]) {
  return (await loadAudit(db, ids)).map((entry) => ({
    ...entry,
    changes: Object.entries(entry.changes)
      .map(([field, change]) => `${field}: ${shown(change.before)} → ${shown(change.after)}`)
      .join('; '),
  }));
}

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
