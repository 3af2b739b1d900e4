/**
 * The audit history (`audit.list`): the list with react-admin's parameters, filterable by user, resource, record,
 * action and a date range (`createdAt_gte`/`createdAt_lte`; a bare date as `_lte` takes the whole day), its CSV export,
 * and `POST audit/revert/{id}`, which takes an entry's change back (`http/revert.ts`; it also needs the reverted
 * resource's edit, create or delete permission). Entries are written by the writes themselves; the list's SQL, records
 * and export rows are in `repos/audit.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../db/client';
import { recordLabel, recordTitle } from '../labels';
import { uuidLike } from '../query/ids';
import { registerResource } from '../http/resource-routes';
import { action } from '../http/resource/actions';
import { revertAnswer, revertEntry } from '../http/revert';
import { auditEntry, auditListSpec, exportAudit, loadAudit, type StoredAuditEntry } from '../repos/audit';
import { resources } from '../../shared/resources';
import { auditRecord, type AuditRecord } from '../../shared/records/audit';
import { fieldLabelIn } from '../http/csv-export';

/**
 * Each entry with its record's name as the record reads now, through its resource's own loader (`app.listSources`),
 * so the history names records instead of showing ids; a deleted record by the name its change last had.
 */
async function withRecordNames(app: FastifyInstance, db: DbOrTx, entries: AuditRecord[], lang: string): Promise<AuditRecord[]> {
  const byKey = new Map<string, Set<string>>();
  for (const e of entries) byKey.set(e.resource, (byKey.get(e.resource) ?? new Set()).add(e.recordId));
  const names = new Map<string, string>();
  for (const [key, ids] of byKey) {
    const source = app.listSources.get(key);
    const valid = [...ids].filter(uuidLike);
    if (!source || !valid.length) continue;
    for (const record of await source.load(db, valid, lang)) {
      const title = recordTitle(record as Record<string, unknown>);
      if (title) names.set(`${key}:${record.id}`, title);
    }
  }
  const changedName = (e: AuditRecord) => {
    const name = e.changes.name;
    const value = name?.after ?? name?.before;
    return typeof value === 'string' ? value : undefined;
  };
  return entries.map((e) => ({ ...e, recordName: names.get(`${e.resource}:${e.recordId}`) ?? changedName(e) ?? null }));
}

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.audit;
  registerResource(app, {
    def,
    label: 'Audit entry',
    record: auditRecord,
    load: async (db, ids, lang) => withRecordNames(app, db, await loadAudit(db, ids), lang),
    exportRows: (db, ids, lang) => exportAudit(db, ids, (resource, field) => fieldLabelIn(lang, resource, field)),
    spec: auditListSpec,
    actions: [
      action<undefined, typeof revertAnswer._output, StoredAuditEntry>({
        method: 'post',
        path: def.api.revert,
        permission: 'list',
        audit: 'revert',
        description:
          "Takes the entry's change back: an edit's fields return to their earlier values, a deleted record comes back with its id, translations, links and files, a created record is deleted (its dependents checked as its delete does). 409 naming the fields that changed since the entry; 400 for entries that cannot be reverted (passwords, sessions, two-factor). Needs audit.list and the resource's edit, create or delete permission. The revert is audited itself (`revert`, `revertOf`) and can be reverted",
        answer: revertAnswer,
        target: { label: recordLabel('audit', 'Audit entry'), load: auditEntry },
        run: revertEntry(app),
      }),
    ],
  });
};

export default auditRoutes;
