import { formatDate, formatDateTime } from '@domain/time';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { Alert, Badge, Button, Card, CopyButton, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScimTokens } from '../api/use-scim-tokens';

const VALIDITY_DAYS = ['90', '180', '365'] as const;

function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('scim');
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`${label}: ${t('copy')}`}>
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Under /admin/mandanten: the SCIM address of this tenant and its provisioning
 * tokens (decision 229). A token's text appears once, after creation.
 */
export function ScimProvisioning() {
  const { t } = useTranslation('scim');
  const { list, create, revoke } = useScimTokens();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('365');
  const expiresOn = addDays(berlinDay(new Date()), Number(days));
  return (
    <Card withBorder padding="md" component="section" aria-label={t('title')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {list.data ? <Copyable label={t('endpoint')} value={list.data.endpoint} /> : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name, expiresOn }, { onSuccess: () => setName('') });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('name')}
              placeholder={t('namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              required
            />
            <Select
              label={t('expiresOn')}
              data={VALIDITY_DAYS.map((d) => ({ value: d, label: formatDate(`${addDays(berlinDay(new Date()), Number(d))}T12:00:00Z`) }))}
              value={days}
              onChange={(v) => setDays(v ?? '365')}
              allowDeselect={false}
            />
            {create.error ? (
              <Alert color="red" role="alert">
                {create.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                {t('create')}
              </Button>
            </Group>
          </Stack>
        </form>
        {create.data ? (
          <Stack gap="xs" data-secret-once>
            <Alert color="green" role="status">
              {t('created')}
            </Alert>
            <Copyable label={t('secret')} value={create.data.secret} />
          </Stack>
        ) : null}
        {list.isPending ? <Loader size="sm" aria-label={t('title')} /> : null}
        {list.isError ? (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        ) : null}
        {list.data && list.data.tokens.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : null}
        <Stack gap="xs" role="list" aria-label={t('tokens')}>
          {list.data?.tokens.map((token) => {
            const state = token.revokedAt ? 'revoked' : token.expired ? 'expired' : 'active';
            return (
              <Stack
                key={token.id}
                gap={2}
                role="listitem"
                p="xs"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs" wrap="wrap" miw={0}>
                    <Text fw={600}>{token.name}</Text>
                    <Text size="sm" ff="monospace" c="dimmed">
                      {token.hint}
                    </Text>
                    <Badge variant="light" color={state === 'active' ? 'green' : 'gray'} tt="none">
                      {t(state)}
                    </Badge>
                  </Group>
                  {state !== 'revoked' ? (
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t('revokeLabel', { name: token.name })}
                      loading={revoke.isPending && revoke.variables === token.id}
                      onClick={() => revoke.mutate(token.id)}
                    >
                      {t('revoke')}
                    </Button>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('expires')} {formatDate(token.expiresAt)} · {t('lastUsed')}{' '}
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('never')} · {t('createdBy')} {token.createdBy}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
