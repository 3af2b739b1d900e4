/**
 * The webhooks' delivery loop (issue #36), in every server process: about once a second (and at once after a write
 * of this process put messages in the outbox) it takes due messages with `FOR UPDATE SKIP LOCKED` in a short
 * transaction that leases them (`repos/webhooks.ts`), POSTs each with the Standard Webhooks headers, and records the
 * outcome. A process killed mid-delivery leaves its messages leased: due again when the lease ends, same `webhook-id`.
 * Each attempt resolves the host again and refuses private addresses (unless `WEBHOOK_ALLOW_PRIVATE=1`), on the
 * address it actually connects to, so a DNS answer that changes after the check cannot reach inside.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { disableFailingWebhook, leaseDue, markDelivered, markFailed, purgeWebhookDeliveries, takenMessages, type TakenMessage } from '../repos/webhooks';
import type { Db } from '../db/client';
import { insertPersonalNotification } from '../repos/notifications';
import { DELIVERY_TIMEOUT_MS, GIVE_UP_MS, isPrivateAddress, leaseMs, resolveHost, retryDelayMs, webhookHeaders } from '../rules/webhooks';
import { say } from '../messages';

const POLL_MS = 1000;
const BATCH = 16;
/** The delivery log keeps 30 days. */
const KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Delivers what is due now; answers how many messages it took. */
      runOnce(): Promise<number>;
      /** A write of this process put messages in the outbox: look now rather than at the next tick. */
      wake(): void;
    };
  }
}

/** What an attempt came to: a 2xx is delivered, anything else (3xx included: redirects are not followed) failed. */
interface Outcome {
  statusCode: number | null;
  error?: string;
}

class RefusedAddress extends Error {}

/** Looks the host up and refuses a private address, on the connection's own lookup (no second, different answer). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolveHost(hostname).then(
    (addresses) => {
      const refused = addresses.find(isPrivateAddress);
      if (refused || !addresses.length) return callback(new RefusedAddress(`${hostname} resolves to a private address`), '', 4);
      const address = addresses[0];
      if (options.all) return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      callback(null, address, address.includes(':') ? 6 : 4);
    },
    (error: Error) => callback(error, '', 4),
  );
};

/** One POST of a message, within the timeout; the answer's body is read and dropped. */
export function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
      return resolve({ statusCode: null, error: `${target.hostname} is a private address` });
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'dacha-admin-webhooks' },
        timeout: DELIVERY_TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null }));
        response.on('error', (error) => resolve({ statusCode: response.statusCode ?? null, error: error.message }));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

/** The creator's notice, in uz, ru and en (a notification is one stored text with no language of its own). */
const disabledNotice = (url: string) =>
  (['uz', 'ru', 'en'] as const)
    .map((lang) =>
      say(
        lang,
        {
          uz: 'Webhook {url} 24 soat davomida yetkazilmadi va oʻchirildi. Qabul qiluvchini tekshirib, uni «Webhooklar» sahifasida qayta yoqing.',
          ru: 'Вебхук {url} не доставлялся 24 часа и был отключён. Проверьте получателя и включите его снова на странице «Вебхуки».',
          en: 'The webhook {url} failed for 24 hours and was turned off. Check the receiver and turn it on again on the Webhooks page.',
        },
        { url },
      ),
    )
    .join('\n\n');

/**
 * Takes up to `limit` due messages: leased in a short transaction of their own (`FOR UPDATE SKIP LOCKED`, so two
 * workers never take the same attempt), then read with their URL and secrets.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<TakenMessage[]> {
  const ids = await db.transaction((tx) => leaseDue(tx, limit, leaseMs));
  return takenMessages(db, ids);
}

async function webhookDelivery(app: FastifyInstance) {
  // Read at each use: a benchmark or a test may change them on a running app.
  const scale = () => app.config.webhookTimeScale;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPurge = 0;

  async function settle(message: TakenMessage, outcome: Outcome) {
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300 && !outcome.error) {
      const statusCode = outcome.statusCode;
      await app.db.transaction((tx) => markDelivered(tx, message, statusCode));
      return;
    }
    const error = outcome.error ?? `HTTP ${outcome.statusCode}`;
    // Retried until 24 hours after it was written: the last retry falls at that moment, so an endpoint failing all
    // along has failed for 24 hours when its message is given up (and is turned off then).
    const deadline = message.createdAt.getTime() + GIVE_UP_MS * scale();
    const expired = Date.now() >= deadline;
    const retryAt = new Date(Math.min(Date.now() + retryDelayMs(message.attempts, scale()), deadline));
    const failingSince = await app.db.transaction((tx) => markFailed(tx, message, { statusCode: outcome.statusCode, error, retryAt: expired ? null : retryAt }));
    if (failingSince && Date.now() - failingSince.getTime() >= GIVE_UP_MS * scale()) {
      await app.db.transaction(async (tx) => {
        const endpoint = await disableFailingWebhook(tx, message.endpointId);
        if (endpoint?.createdBy) await insertPersonalNotification(tx, endpoint.createdBy, disabledNotice(endpoint.url));
      });
      app.log.warn({ endpointId: message.endpointId }, 'webhooks: an endpoint failing for 24 hours was turned off');
    }
  }

  async function deliver(message: TakenMessage) {
    const body = JSON.stringify(message.payload);
    let outcome: Outcome;
    try {
      outcome = await post(message.url, webhookHeaders(message.secrets, message.messageId, body), body, app.config.webhookAllowPrivate);
    } catch (error) {
      outcome = { statusCode: null, error: (error as Error).message };
    }
    await settle(message, outcome);
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await claimDue(app.db, BATCH, leaseMs(scale()));
      total += taken.length;
      await Promise.all(taken.map(deliver));
      if (taken.length < BATCH || stopped) break;
    }
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeWebhookDeliveries(app.db, KEEP_DAYS);
    }
    return total;
  }

  /** One pass at a time in this process; a wake during a pass runs another right after it. */
  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((err: Error) => {
        app.log.error({ err }, 'webhooks: a delivery pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void tick();
        }
      });
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(schedule), POLL_MS);
    timer.unref();
  };

  app.decorate('webhooks', {
    runOnce: () => tick(),
    wake: () => {
      if (!stopped) void tick();
    },
  });
  app.addHook('onReady', async () => schedule());
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}

export default fp(webhookDelivery, { name: 'webhook-delivery', dependencies: ['database'] });
