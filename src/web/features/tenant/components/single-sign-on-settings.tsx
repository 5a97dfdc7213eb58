import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Loader,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SingleSignOnData, useSingleSignOn, useSingleSignOnMutations } from '../api/use-single-sign-on';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

function SettingsForm({ data }: { data: SingleSignOnData }) {
  const { t } = useTranslation('clients');
  const m = useSingleSignOnMutations();
  const [values, setValues] = useState({
    providerName: data.providerName,
    issuerUrl: data.issuerUrl,
    clientId: data.clientId,
    clientSecret: '',
    emailClaim: data.emailClaim,
    defaultGroupId: data.defaultGroupId ?? '',
    passwordAllowed: data.passwordAllowed,
  });
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        m.save.mutate(
          { ...values, defaultGroupId: values.defaultGroupId || null },
          {
            onSuccess: () => {
              set({ clientSecret: '' });
              notifications.show({ color: 'green', message: t('ssoSaved') });
            },
            onError: failed,
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('ssoProviderName')}
          value={values.providerName}
          onChange={(e) => set({ providerName: e.currentTarget.value })}
          required
          maxLength={100}
        />
        <TextInput
          label={t('ssoIssuer')}
          value={values.issuerUrl}
          onChange={(e) => set({ issuerUrl: e.currentTarget.value })}
          required
          type="url"
          placeholder="https://login.beispiel.de/realms/buchbar"
          maxLength={500}
        />
        <TextInput
          label={t('ssoClientId')}
          value={values.clientId}
          onChange={(e) => set({ clientId: e.currentTarget.value })}
          required
          maxLength={500}
        />
        <PasswordInput
          label={t('ssoClientSecret')}
          description={data.hasClientSecret ? t('ssoClientSecretStored') : undefined}
          value={values.clientSecret}
          onChange={(e) => set({ clientSecret: e.currentTarget.value })}
          required={!data.hasClientSecret}
          autoComplete="off"
          maxLength={2000}
        />
        <TextInput
          label={t('ssoEmailClaim')}
          value={values.emailClaim}
          onChange={(e) => set({ emailClaim: e.currentTarget.value })}
          maxLength={100}
        />
        <NativeSelect
          label={t('ssoDefaultGroup')}
          value={values.defaultGroupId}
          onChange={(e) => set({ defaultGroupId: e.currentTarget.value })}
          data={[{ value: '', label: t('ssoNoGroup') }, ...data.groups.map((g) => ({ value: g.id, label: g.name }))]}
        />
        <Checkbox
          label={t('ssoPasswordAllowed')}
          checked={values.passwordAllowed}
          onChange={(e) => set({ passwordAllowed: e.currentTarget.checked })}
        />
        <Text size="sm">
          {t('ssoCallback')} <Code style={{ wordBreak: 'break-all' }}>{data.callbackUrl}</Code>
        </Text>
        <Group>
          <Button type="submit" loading={m.save.isPending}>
            {t('save')}
          </Button>
          {data.configured ? (
            <Button
              variant="subtle"
              color="red"
              loading={m.remove.isPending}
              onClick={() =>
                m.remove.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('ssoRemoved') }),
                  onError: failed,
                })
              }
            >
              {t('ssoRemove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/mandanten: the tenant's OpenID Connect provider (decision 100); the secret is write-only. */
export function SingleSignOnSettings() {
  const { t } = useTranslation('clients');
  const q = useSingleSignOn();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('sso')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('sso')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ssoIntro')}
        </Text>
        {q.isPending ? (
          <Loader aria-label={t('sso')} />
        ) : q.isError ? (
          <Alert color="red" role="alert">
            {q.error.message}
          </Alert>
        ) : (
          <SettingsForm key={`${q.data.configured}-${q.data.providerName}-${q.data.issuerUrl}`} data={q.data} />
        )}
      </Stack>
    </Card>
  );
}
