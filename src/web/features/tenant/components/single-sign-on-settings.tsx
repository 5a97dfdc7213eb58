import {
  Alert,
  Card,
  Checkbox,
  Code,
  Loader,
  NativeSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SettingsFormActions } from '@web/components/settings-form-actions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSamlSignOn } from '../api/use-saml-sign-on';
import { type SingleSignOnData, useSingleSignOn, useSingleSignOnMutations } from '../api/use-single-sign-on';
import { SamlSettingsForm } from './saml-settings';

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
        // The promise, not mutate's callbacks: saving changes the data the form is keyed on, the form is
        // mounted anew, and callbacks of the unmounted form would never run (the first save showed no message).
        m.save
          .mutateAsync({ ...values, defaultGroupId: values.defaultGroupId || null })
          .then(() => {
            set({ clientSecret: '' });
            notifications.show({ color: 'green', message: t('ssoSaved') });
          })
          .catch(failed);
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
        <SettingsFormActions
          saveLabel={t('save')}
          saving={m.save.isPending}
          configured={data.configured}
          remove={{
            label: t('ssoRemove'),
            pending: m.remove.isPending,
            run: () =>
              m.remove
                .mutateAsync()
                .then(() => notifications.show({ color: 'green', message: t('ssoRemoved') }))
                .catch(failed),
          }}
        />
      </Stack>
    </form>
  );
}

/**
 * /admin/mandanten: the tenant's single sign-on, one protocol at a time:
 * OpenID Connect (decision 100; the secret is write-only) or SAML 2.0
 * (decision 232). The choice starts on the protocol that is set up.
 */
export function SingleSignOnSettings() {
  const { t } = useTranslation('clients');
  const q = useSingleSignOn();
  const saml = useSamlSignOn();
  const [chosen, setChosen] = useState<'oidc' | 'saml' | null>(null);
  const protocol = chosen ?? (saml.data?.configured ? 'saml' : 'oidc');
  const pending = q.isPending || saml.isPending;
  const error = q.error ?? saml.error;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('sso')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('sso')}
        </Title>
        {pending ? (
          <Loader aria-label={t('sso')} />
        ) : error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="sso-protocol">
                {t('ssoProtocol')}
              </Text>
              <SegmentedControl
                role="radiogroup"
                aria-labelledby="sso-protocol"
                value={protocol}
                onChange={(v) => setChosen(v as 'oidc' | 'saml')}
                data={[
                  { value: 'oidc', label: t('ssoProtocolOidc') },
                  { value: 'saml', label: t('ssoProtocolSaml') },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              <Text size="xs" c="dimmed">
                {t('ssoProtocolSwitch')}
              </Text>
            </Stack>
            {protocol === 'saml' && saml.data ? (
              <SamlSettingsForm data={saml.data} />
            ) : q.data ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('ssoIntro')}
                </Text>
                <SettingsForm key={`${q.data.configured}-${q.data.providerName}-${q.data.issuerUrl}`} data={q.data} />
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
