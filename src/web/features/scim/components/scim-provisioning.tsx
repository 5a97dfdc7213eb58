import { formatDate, formatDateTime } from '@domain/time';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { CopyField, SecretOnce, TokenList, ValiditySelect } from '@web/components/tokens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScimTokens } from '../api/use-scim-tokens';

const VALIDITY_DAYS = ['90', '180', '365'] as const;

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
        {list.data ? <CopyField label={t('endpoint')} value={list.data.endpoint} /> : null}
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
            <ValiditySelect label={t('expiresOn')} days={VALIDITY_DAYS} value={days} onChange={setDays} />
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
        {create.data ? <SecretOnce message={t('created')} label={t('secret')} value={create.data.secret} /> : null}
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
        <TokenList
          tokens={list.data?.tokens ?? []}
          label={t('tokens')}
          texts={{ state: (st) => t(st), revoke: t('revoke'), revokeLabel: (name) => t('revokeLabel', { name }) }}
          revoking={revoke.isPending ? (revoke.variables ?? null) : null}
          onRevoke={(id) => revoke.mutate(id)}
          details={(token) => (
            <>
              {t('expires')} {formatDate(token.expiresAt)} · {t('lastUsed')}{' '}
              {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('never')} · {t('createdBy')} {token.createdBy}
            </>
          )}
        />
      </Stack>
    </Card>
  );
}
