/** The webhooks' API paths (relative to /api/v1) and the test event's type: zod-free, so the panel may import them. */
export const WEBHOOK_API = {
  list: 'webhook',
  one: 'webhook/:id',
  create: 'webhook/add',
  update: 'webhook/edit/:id',
  delete: 'webhook/delete/:id',
  rotate: 'webhook/:id/rotate-secret',
  test: 'webhook/:id/test',
  deliveries: 'webhook/:id/deliveries',
  retry: 'webhook/:id/deliveries/:deliveryId/retry',
} as const;

/** The test event's type (`POST webhook/{id}/test`): sent whatever the endpoint listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
