import type { AppLocale } from '@contracts/session';
import { hasAdminAccess } from '@domain/permissions';
import { Alert, Badge, Button, Divider, Group, Modal, PasswordInput, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { SettingsDialogProps, SettingsTab } from '@web/components/layouts/settings-dialog-slot';
import { OwnLicencePanel } from '@web/components/own-licence-panel';
import { CalendarFeedPanel } from '@web/features/calendar/public';
import { PersonalTokensPanel } from '@web/features/integrations/public';
import { DataExportPanel } from '@web/features/privacy/public';
import { TeamSettingsPanel } from '@web/features/team-seating/public';
import { useMe } from '@web/lib/use-me';
import { useUpdateLocale } from '@web/lib/use-update-locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/use-change-password';
import { useSendConfirmation } from '../api/use-send-confirmation';
import { useUpdateProfile } from '../api/use-update-profile';
import { MIN_PASSWORD_LENGTH } from './password-rules';
import { SecurityTab } from './security-tab';

function ProfileTab() {
  const { t } = useTranslation('session');
  const me = useMe();
  const update = useUpdateProfile();
  const sendConfirmation = useSendConfirmation();
  const form = useForm({
    initialValues: { firstName: me.user.firstName, lastName: me.user.lastName },
    validate: {
      firstName: (v) => (v.trim() ? null : t('settings.required')),
      lastName: (v) => (v.trim() ? null : t('settings.required')),
    },
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => update.mutate({ firstName: values.firstName.trim(), lastName: values.lastName.trim() }))}
      noValidate
    >
      <Stack gap="sm">
        {update.isSuccess ? (
          <Alert color="green" role="status">
            {t('settings.profileSaved')}
          </Alert>
        ) : null}
        {update.isError ? (
          <Alert color="red" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('settings.firstName')}
            autoComplete="given-name"
            required
            maxLength={100}
            miw={180}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('settings.lastName')}
            autoComplete="family-name"
            required
            maxLength={100}
            miw={180}
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput
          label={t('settings.email')}
          value={me.user.email}
          readOnly
          rightSectionWidth={130}
          rightSection={
            <Badge variant="light" tt="none" color={me.user.emailVerified ? 'green' : 'orange'}>
              {me.user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
            </Badge>
          }
        />
        {!me.user.emailVerified ? (
          <Stack gap="xs">
            <Text size="sm">{t('settings.notVerifiedHint')}</Text>
            <div>
              <Button variant="default" loading={sendConfirmation.isPending} onClick={() => sendConfirmation.mutate()}>
                {t('settings.sendConfirmation')}
              </Button>
            </div>
            {sendConfirmation.isSuccess ? (
              <Alert color="green" role="status">
                {sendConfirmation.data.message ?? t('done')}
              </Alert>
            ) : null}
            {sendConfirmation.isError ? (
              <Alert color="red" role="alert">
                {sendConfirmation.error.message}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <Group grow wrap="wrap">
          <TextInput label={t('settings.employeeId')} value={me.user.employeeId ?? t('settings.none')} readOnly miw={180} />
          <TextInput label={t('settings.department')} value={me.user.department?.name ?? t('settings.none')} readOnly miw={180} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.saveProfile')}
          </Button>
        </Group>
        <Divider />
        <DataExportPanel />
      </Stack>
    </form>
  );
}

function PasswordTab() {
  const { t } = useTranslation('session');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      currentPassword: (v) => (v ? null : t('password.currentRequired')),
      newPassword: (v) => (v.length >= MIN_PASSWORD_LENGTH ? null : t('password.minLength')),
      repeat: (v, values) => (v === values.newPassword ? null : t('password.mismatch')),
    },
  });
  const toggle = { 'aria-label': t('password.toggle') };

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }, { onSuccess: () => form.reset() }),
      )}
      noValidate
    >
      <Stack gap="sm">
        {change.isSuccess ? (
          <Alert color="green" role="status">
            {t('settings.passwordChanged')}
          </Alert>
        ) : null}
        {change.isError ? (
          <Alert color="red" role="alert">
            {change.error.message}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.hint')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.repeat')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('repeat')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('settings.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LanguageTab() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation();
  const me = useMe();
  const updateLocale = useUpdateLocale();
  const [locale, setLocale] = useState<AppLocale>(me.locale);

  return (
    <Stack gap="sm">
      {updateLocale.isSuccess ? (
        <Alert color="green" role="status">
          {t('settings.languageSaved')}
        </Alert>
      ) : null}
      {updateLocale.isError ? (
        <Alert color="red" role="alert">
          {updateLocale.error.message}
        </Alert>
      ) : null}
      <Radio.Group
        label={t('settings.languageLabel')}
        value={locale}
        onChange={(value) => setLocale(value === 'en-us' ? 'en-us' : 'de-de')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="de-de" label={`${tc('languages.de')} (de-de)`} />
          <Radio value="en-us" label={`${tc('languages.en')} (en-us)`} />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button loading={updateLocale.isPending} disabled={locale === me.locale} onClick={() => updateLocale.mutate(locale)}>
          {t('settings.saveLanguage')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The settings dialog (docs/product.md#dialogs-and-panels): personal data, change password, second factor and sessions, language. */
export function SettingsDialog({ opened, tab, onClose }: SettingsDialogProps) {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation();
  const { t: tl } = useTranslation('licences');
  const me = useMe();
  const features = me.features;
  const { t: ti } = useTranslation('integrations');
  const hasVehicles = features.includes('fahrzeug');
  const hasWorkplaces = features.includes('arbeitswelt');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [active, setActive] = useState<SettingsTab>(tab);
  useEffect(() => {
    if (opened) setActive(tab);
  }, [opened, tab]);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      fullScreen={phone}
    >
      <Tabs value={active} onChange={(value) => setActive((value as SettingsTab | null) ?? 'profile')} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="profile">{t('settings.tabs.profile')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('settings.tabs.password')}</Tabs.Tab>
          <Tabs.Tab value="security">{t('settings.tabs.security')}</Tabs.Tab>
          <Tabs.Tab value="language">{t('settings.tabs.language')}</Tabs.Tab>
          <Tabs.Tab value="calendar">{t('settings.tabs.calendar')}</Tabs.Tab>
          {hasWorkplaces && <Tabs.Tab value="team">{t('settings.tabs.team')}</Tabs.Tab>}
          {hasVehicles && <Tabs.Tab value="licence">{tl('own.tab')}</Tabs.Tab>}
          <Tabs.Tab value="api">{ti('tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordTab />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab />
        </Tabs.Panel>
        <Tabs.Panel value="language">
          <LanguageTab />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <CalendarFeedPanel />
        </Tabs.Panel>
        {hasWorkplaces && (
          <Tabs.Panel value="team">
            <TeamSettingsPanel />
          </Tabs.Panel>
        )}
        {hasVehicles && (
          <Tabs.Panel value="licence">
            <OwnLicencePanel />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="api">
          <PersonalTokensPanel allowAdmin={hasAdminAccess(new Set(me.permissions))} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
