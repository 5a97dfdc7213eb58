import { listTenantIds } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { z } from 'zod';
import { deliverDue, purgeDeliveryLog } from './deliver';
import { DELIVERY_JOB, kickDeliveries, recordWebhookDeliveries } from './webhook-events';

/**
 * Webhooks through the job queue: every published change is recorded in its
 * own transaction, its commit asks for a sending run of the tenant; a schedule
 * each minute picks up retries and what a node that died left behind, and the
 * night clears the delivery log past its 30 days.
 */
export function registerIntegrationJobs(deps: Deps): void {
  deps.events.tap((tx, event) => recordWebhookDeliveries(tx, event));
  deps.events.subscribeAll((event) => kickDeliveries(deps, event));
  deps.jobs.register({
    name: DELIVERY_JOB,
    schema: z.object({ tenantId: z.string() }),
    handler: async ({ tenantId }) => {
      await deliverDue(deps, tenantId);
    },
  });
  deps.jobs.register({
    name: 'webhook-deliveries-sweep',
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    handler: async () => {
      for (const tenantId of await listTenantIds(deps.database.db)) await deliverDue(deps, tenantId);
    },
  });
  deps.jobs.register({
    name: 'webhook-delivery-log-purge',
    schema: z.object({}).passthrough(),
    cron: '40 3 * * *',
    handler: async () => {
      for (const tenantId of await listTenantIds(deps.database.db)) await purgeDeliveryLog(deps, tenantId);
    },
  });
}
