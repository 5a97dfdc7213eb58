import type { WebhookDto } from '@contracts/integrations';
import { scopeOfEvent, WEBHOOK_EVENTS } from '@domain/integrations';
import { formatDateTime } from '@domain/time';
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SecretOnce } from '@web/components/tokens';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveries, useWebhooks } from '../api/use-integrations';
import { TokenManager } from './token-manager';

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function DeliveryLog({ hook }: { hook: WebhookDto }) {
  const { t } = useTranslation('integrations');
  const q = useDeliveries(hook.id);
  if (q.isPending) return <Loader size="sm" />;
  if (q.isError) return <Alert color="red">{q.error.message}</Alert>;
  if (q.data.deliveries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('noDeliveries')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('log', { name: hook.name })} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('when')}</Table.Th>
            <Table.Th>{t('events')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th>{t('attempts')}</Table.Th>
            <Table.Th>{t('response')}</Table.Th>
            <Table.Th>{t('duration')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.deliveries.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
              <Table.Td>{t(`event.${d.event as (typeof WEBHOOK_EVENTS)[number]}`)}</Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={d.status === 'zugestellt' ? 'green' : d.status === 'offen' ? 'yellow' : 'red'}>
                  {t(`deliveryStatus.${d.status}`)}
                </Badge>
                {d.nextAttemptAt ? (
                  <Text size="xs" c="dimmed">
                    {t('nextTry', { date: formatDateTime(d.nextAttemptAt) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.responseStatus ?? d.lastError ?? '–'}</Table.Td>
              <Table.Td>{d.durationMs === null ? '–' : t('ms', { ms: d.durationMs })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WebhookItem({ hook }: { hook: WebhookDto }) {
  const { t } = useTranslation('integrations');
  const { change, remove } = useWebhooks();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap={6} role="listitem" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap" miw={0}>
          <Text fw={600}>{hook.name}</Text>
          <Badge variant="light" color={hook.active ? 'green' : 'gray'} tt="none">
            {hook.active ? t('on') : t('off')}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('hideLog') : t('showLog')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={change.isPending}
            onClick={() => change.mutate({ id: hook.id, active: !hook.active })}
          >
            {hook.active ? t('switchOff') : t('switchOn')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => change.mutate({ id: hook.id, newSecret: true }, { onSuccess: (r) => setSecret(r.secret) })}
          >
            {t('renewSecret')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={t('removeLabel', { name: hook.name })}
            onClick={() => remove.mutate(hook.id)}
          >
            {t('remove')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {hook.url}
      </Text>
      <Text size="xs" c="dimmed">
        {hook.events.map((e) => t(`event.${e as (typeof WEBHOOK_EVENTS)[number]}`)).join(', ')} · {hook.scopes.join(', ')}
      </Text>
      {hook.disabledAt ? (
        <Alert color="red" p="xs">
          {t('disabledSince', { date: formatDateTime(hook.disabledAt) })}
        </Alert>
      ) : null}
      {secret ? <SecretOnce message={t('newSecretShown')} label={t('secret')} value={secret} /> : null}
      {open ? <DeliveryLog hook={hook} /> : null}
    </Stack>
  );
}

function Webhooks() {
  const { t } = useTranslation('integrations');
  const { list, create } = useWebhooks();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<string[]>(['booking.created', 'booking.changed', 'booking.cancelled']);
  const [scope, setScope] = useState<'bookings:read' | 'admin'>('bookings:read');
  return (
    <Section title={t('webhooks')} intro={t('webhooksIntro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, url, events, scopes: [scope] }, { onSuccess: () => setName('') });
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required />
          <TextInput label={t('url')} value={url} onChange={(e) => setUrl(e.currentTarget.value)} maxLength={2000} required />
          <Checkbox.Group label={t('events')} value={events} onChange={setEvents}>
            <Group gap="md" mt={6}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(`event.${e}`)} disabled={scope !== 'admin' && scopeOfEvent(e) === 'admin'} />
              ))}
            </Group>
          </Checkbox.Group>
          <Radio.Group label={t('payloadScope')} value={scope} onChange={(v) => setScope(v as 'bookings:read' | 'admin')}>
            <Stack gap={6} mt={6}>
              <Radio value="bookings:read" label={t('payloadScopeRead')} />
              <Radio value="admin" label={t('payloadScopeAdmin')} />
            </Stack>
          </Radio.Group>
          {create.error ? (
            <Alert color="red" role="alert">
              {create.error.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!name.trim() || events.length === 0}>
              {t('addWebhook')}
            </Button>
          </Group>
        </Stack>
      </form>
      {create.data?.secret ? <SecretOnce message={t('webhookCreated')} label={t('secret')} value={create.data.secret} /> : null}
      {list.isPending ? <Loader size="sm" /> : null}
      {list.data && list.data.webhooks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noWebhooks')}
        </Text>
      ) : null}
      <Stack gap="xs" role="list" aria-label={t('webhooks')}>
        {list.data?.webhooks.map((h) => (
          <WebhookItem key={h.id} hook={h} />
        ))}
      </Stack>
    </Section>
  );
}

/** Under /admin/mandanten: the tenant's API tokens and its webhooks with their delivery log. */
export function TenantIntegrations() {
  const { t } = useTranslation('integrations');
  return (
    <>
      <Section title={t('tenantTokens')} intro={t('tenantTokensIntro')}>
        <TokenManager path="/api/integrations/tenant-tokens" allowAdmin />
      </Section>
      <Webhooks />
    </>
  );
}
