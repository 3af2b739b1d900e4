/** `AUDIT_RETENTION_DAYS`: deletes the audit history's old entries. */
import type { FastifyInstance } from 'fastify';
import { purgeAudit } from '../repos/audit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `AUDIT_RETENTION_DAYS`: old entries are deleted once the app is ready and then daily, on a timer that never keeps the
 * process alive; nothing is deleted without the setting.
 */
export function scheduleAuditRetention(app: FastifyInstance): void {
  const days = app.config.auditRetentionDays;
  if (!days) return;
  const purge = () =>
    purgeAudit(app.db, days).then(
      (n) => n && app.log.info(`audit history: ${n} entries older than ${days} days deleted`),
      (error: unknown) => app.log.error({ err: error }, 'audit history retention failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(purge, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
