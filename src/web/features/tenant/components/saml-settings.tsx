import { SAML_ATTRIBUTE_PRESETS, type SamlPreset } from '@domain/saml-sign-on';
import { formatDate } from '@domain/time';
import { Anchor, Button, Checkbox, Code, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SettingsFormActions } from '@web/components/settings-form-actions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SamlSignOnData, useSamlSignOnMutations } from '../api/use-saml-sign-on';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });
const PRESETS: { value: SamlPreset; label: string }[] = [
  { value: 'entra', label: 'Entra ID' },
  { value: 'adfs', label: 'ADFS' },
  { value: 'shibboleth', label: 'Shibboleth' },
];

/** /admin/mandanten, single sign-on over SAML 2.0 (decision 232): the IdP's settings and what to give the IdP. */
export function SamlSettingsForm({ data }: { data: SamlSignOnData }) {
  const { t } = useTranslation('clients');
  const m = useSamlSignOnMutations();
  const [values, setValues] = useState({
    providerName: data.providerName,
    metadataXml: '',
    idpEntityId: data.idpEntityId,
    idpSsoUrl: data.idpSsoUrl,
    idpSloUrl: data.idpSloUrl,
    certificate: '',
    mapping: data.mapping,
    defaultGroupId: data.defaultGroupId ?? '',
    passwordAllowed: data.passwordAllowed,
    createUnknown: data.createUnknown,
  });
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  const setMapping = (patch: Partial<typeof values.mapping>) => setValues((v) => ({ ...v, mapping: { ...v.mapping, ...patch } }));
  const fromMetadata = values.metadataXml.trim() !== '';
  const stored = data.certificates[0];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        m.save.mutate(
          { ...values, defaultGroupId: values.defaultGroupId || null },
          {
            onSuccess: (saved) => {
              set({
                metadataXml: '',
                certificate: '',
                idpEntityId: saved.idpEntityId,
                idpSsoUrl: saved.idpSsoUrl,
                idpSloUrl: saved.idpSloUrl,
              });
              notifications.show({ color: 'green', message: t('samlSaved') });
            },
            onError: failed,
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('samlIntro')}
        </Text>
        <TextInput
          label={t('ssoProviderName')}
          value={values.providerName}
          onChange={(e) => set({ providerName: e.currentTarget.value })}
          required
          maxLength={100}
        />
        <Textarea
          label={t('samlMetadata')}
          description={t('samlMetadataHint')}
          value={values.metadataXml}
          onChange={(e) => set({ metadataXml: e.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          placeholder='<EntityDescriptor entityID="…">'
        />
        <TextInput
          label={t('samlEntityId')}
          value={values.idpEntityId}
          onChange={(e) => set({ idpEntityId: e.currentTarget.value })}
          disabled={fromMetadata}
          required={!fromMetadata}
          maxLength={500}
          placeholder="https://sts.windows.net/…/"
        />
        <TextInput
          label={t('samlSsoUrl')}
          value={values.idpSsoUrl}
          onChange={(e) => set({ idpSsoUrl: e.currentTarget.value })}
          disabled={fromMetadata}
          required={!fromMetadata}
          type="url"
          maxLength={1000}
          placeholder="https://login.microsoftonline.com/…/saml2"
        />
        <TextInput
          label={t('samlSloUrl')}
          description={t('samlSloUrlHint')}
          value={values.idpSloUrl}
          onChange={(e) => set({ idpSloUrl: e.currentTarget.value })}
          disabled={fromMetadata}
          type="url"
          maxLength={1000}
          placeholder="https://login.microsoftonline.com/…/saml2"
        />
        <Textarea
          label={t('samlCertificate')}
          description={
            stored
              ? t('samlCertificateStored', { subject: stored.subject, validTo: stored.validTo ? formatDate(stored.validTo) : '–' })
              : undefined
          }
          value={values.certificate}
          onChange={(e) => set({ certificate: e.currentTarget.value })}
          disabled={fromMetadata}
          required={!fromMetadata && !stored}
          autosize
          minRows={2}
          maxRows={6}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          placeholder="-----BEGIN CERTIFICATE-----"
        />
        <Title order={3} size="h5">
          {t('samlAttributes')}
        </Title>
        <Group gap="xs" role="group" aria-label={t('samlPreset')}>
          <Text size="sm">{t('samlPreset')}</Text>
          {PRESETS.map((p) => (
            <Button key={p.value} size="compact-sm" variant="light" onClick={() => setMapping(SAML_ATTRIBUTE_PRESETS[p.value])}>
              {p.label}
            </Button>
          ))}
        </Group>
        <TextInput
          label={t('samlEmailAttribute')}
          value={values.mapping.email}
          onChange={(e) => setMapping({ email: e.currentTarget.value })}
          required
          maxLength={300}
        />
        <TextInput
          label={t('samlFirstNameAttribute')}
          value={values.mapping.firstName}
          onChange={(e) => setMapping({ firstName: e.currentTarget.value })}
          required
          maxLength={300}
        />
        <TextInput
          label={t('samlLastNameAttribute')}
          value={values.mapping.lastName}
          onChange={(e) => setMapping({ lastName: e.currentTarget.value })}
          required
          maxLength={300}
        />
        <NativeSelect
          label={t('ssoDefaultGroup')}
          value={values.defaultGroupId}
          onChange={(e) => set({ defaultGroupId: e.currentTarget.value })}
          data={[{ value: '', label: t('ssoNoGroup') }, ...data.groups.map((g) => ({ value: g.id, label: g.name }))]}
        />
        <Checkbox
          label={t('samlCreateUnknown')}
          description={t('samlCreateUnknownHint')}
          checked={values.createUnknown}
          onChange={(e) => set({ createUnknown: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('ssoPasswordAllowed')}
          checked={values.passwordAllowed}
          onChange={(e) => set({ passwordAllowed: e.currentTarget.checked })}
        />
        <Stack gap={4} component="section" aria-label={t('samlForIdp')}>
          <Title order={3} size="h5">
            {t('samlForIdp')}
          </Title>
          <Text size="sm">
            {t('samlSpEntityId')} <Code style={{ wordBreak: 'break-all' }}>{data.spEntityId}</Code>
          </Text>
          <Text size="sm">
            {t('samlAcsUrl')} <Code style={{ wordBreak: 'break-all' }}>{data.acsUrl}</Code>
          </Text>
          <Text size="sm">
            {t('samlSloAddress')} <Code style={{ wordBreak: 'break-all' }}>{data.sloUrl}</Code>
          </Text>
          <Anchor size="sm" href={data.metadataUrl} download="buchbar-saml-metadata.xml">
            {t('samlDownload')}
          </Anchor>
        </Stack>
        <SettingsFormActions
          saveLabel={t('save')}
          saving={m.save.isPending}
          configured={data.configured}
          remove={{
            label: t('samlRemove'),
            pending: m.remove.isPending,
            // Removing shows the OpenID Connect form in this one's place: the promise, not mutate's callbacks.
            run: () =>
              m.remove
                .mutateAsync()
                .then(() => notifications.show({ color: 'green', message: t('samlRemoved') }))
                .catch(failed),
          }}
        />
      </Stack>
    </form>
  );
}
