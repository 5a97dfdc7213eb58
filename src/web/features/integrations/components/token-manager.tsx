import { TOKEN_SCOPES } from '@domain/integrations';
import { formatDate, formatDateTime } from '@domain/time';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { SecretOnce, TokenList, ValiditySelect } from '@web/components/tokens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TokenPath, useTokens } from '../api/use-integrations';

const VALIDITY_DAYS = ['30', '90', '180', '365'] as const;

/**
 * Create, list and revoke API tokens: the person's own (profile) or the
 * tenant's (tenant administration). The token's text appears once, after creation.
 */
export function TokenManager({ path, allowAdmin }: { path: TokenPath; allowAdmin: boolean }) {
  const { t } = useTranslation('integrations');
  const { list, create, revoke } = useTokens(path);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['bookings:read']);
  const [days, setDays] = useState<string>('90');
  const expiresOn = addDays(berlinDay(new Date()), Number(days));
  const offered = TOKEN_SCOPES.filter((s) => s !== 'admin' || allowAdmin);
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, scopes, expiresOn }, { onSuccess: () => setName('') });
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
          <Checkbox.Group label={t('scopes')} value={scopes} onChange={setScopes}>
            <Stack gap={6} mt={6}>
              {offered.map((s) => (
                <Checkbox key={s} value={s} label={t(`scope.${s}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <ValiditySelect label={t('expiresOn')} days={VALIDITY_DAYS} value={days} onChange={setDays} />
          {create.error ? (
            <Alert color="red" role="alert">
              {create.error.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {create.data ? <SecretOnce message={t('created')} label={t('secretLabel')} value={create.data.secret} /> : null}
      {list.isPending ? <Loader size="sm" /> : null}
      {list.data && list.data.tokens.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      ) : null}
      <TokenList
        tokens={list.data?.tokens ?? []}
        label={t('scopes')}
        texts={{ state: (st) => t(st), revoke: t('revoke'), revokeLabel: (name) => t('revokeLabel', { name }) }}
        revoking={revoke.isPending ? (revoke.variables ?? null) : null}
        onRevoke={(id) => revoke.mutate(id)}
        details={(token) => (
          <>
            {token.scopes.join(', ')} · {t('expires')} {formatDate(token.expiresAt)} · {t('lastUsed')}{' '}
            {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('never')}
            {path === '/api/integrations/tenant-tokens' ? ` · ${t('owner')} ${token.owner}` : ''}
          </>
        )}
      />
    </Stack>
  );
}

/** The profile's tab: the person's own tokens; `admin` only offered to people who reach the administration. */
export function PersonalTokensPanel({ allowAdmin }: { allowAdmin: boolean }) {
  const { t } = useTranslation('integrations');
  return (
    <Stack gap="sm" data-panel="api-tokens">
      <Text size="sm">{t('personalIntro')}</Text>
      <TokenManager path="/api/integrations/tokens" allowAdmin={allowAdmin} />
    </Stack>
  );
}
