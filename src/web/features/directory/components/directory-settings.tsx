import { formatDateTime } from '@domain/time';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SettingsFormActions } from '@web/components/settings-form-actions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DirectoryData, type DirectoryInput, useDirectory, useDirectoryMutations } from '../api/use-directory';

type Kind = DirectoryData['kind'];
type Attributes = DirectoryData['attributes'];
const ATTRIBUTE_KEYS: (keyof Attributes)[] = ['login', 'email', 'firstName', 'lastName', 'displayName'];

/** The defaults the server offers for a kind that is not configured yet (src/domain/directory.ts). */
const DEFAULTS: Record<Kind, { userFilter: string; attributes: Attributes }> = {
  openldap: {
    userFilter: '(objectClass=inetOrgPerson)',
    attributes: { login: 'uid', email: 'mail', firstName: 'givenName', lastName: 'sn', displayName: 'displayName' },
  },
  active_directory: {
    userFilter: '(&(objectCategory=person)(objectClass=user))',
    attributes: { login: 'sAMAccountName', email: 'mail', firstName: 'givenName', lastName: 'sn', displayName: 'displayName' },
  },
};

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

function LastSync({ data }: { data: DirectoryData }) {
  const { t } = useTranslation('directory');
  if (!data.lastSyncAt || !data.lastSync) return <Text size="sm">{t('neverSynced')}</Text>;
  const s = data.lastSync;
  return (
    <Stack gap={4} data-testid="directory-last-sync">
      <Text size="sm">
        <Text span fw={600}>
          {t('lastSync')}:
        </Text>{' '}
        {formatDateTime(data.lastSyncAt)}
      </Text>
      {s.error ? (
        <Alert color="red" role="alert" p="xs">
          {t('syncFailed', { error: s.error })}
        </Alert>
      ) : (
        <Text size="sm">{t('summary', s)}</Text>
      )}
      {s.skipped.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('skipped', { names: s.skipped.join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

function SettingsForm({ data }: { data: DirectoryData }) {
  const { t } = useTranslation('directory');
  const m = useDirectoryMutations();
  const [values, setValues] = useState<DirectoryInput>({
    kind: data.kind,
    url: data.url,
    startTls: data.startTls,
    caCertificate: data.caCertificate,
    bindDn: data.bindDn,
    bindPassword: '',
    userBaseDn: data.userBaseDn,
    userFilter: data.userFilter,
    attributes: data.attributes,
    groupBaseDn: data.groupBaseDn,
    groupMapping: data.groupMapping,
    disabledFilter: data.disabledFilter,
    syncIntervalMinutes: data.syncIntervalMinutes,
  });
  const set = (patch: Partial<DirectoryInput>) => setValues((v) => ({ ...v, ...patch }));
  const mapping = values.groupMapping;
  const setMapping = (i: number, patch: Partial<(typeof mapping)[number]>) =>
    set({ groupMapping: mapping.map((row, j) => (j === i ? { ...row, ...patch } : row)) });
  const groupOptions = data.groups.map((g) => ({ value: g.id, label: g.name }));

  const changeKind = (kind: Kind) => {
    // Until the admin has changed them, the filter and the attributes follow the kind's usual names.
    const before = DEFAULTS[values.kind];
    const untouched = values.userFilter === before.userFilter && ATTRIBUTE_KEYS.every((k) => values.attributes[k] === before.attributes[k]);
    set(untouched ? { kind, ...DEFAULTS[kind] } : { kind });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        m.save.mutate(values, {
          onSuccess: () => {
            set({ bindPassword: '' });
            notifications.show({ color: 'green', message: t('saved') });
          },
          onError: failed,
        });
      }}
    >
      <Stack gap="md">
        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h4" component="legend">
            {t('connection')}
          </Title>
          <NativeSelect
            label={t('kind')}
            value={values.kind}
            onChange={(e) => changeKind(e.currentTarget.value as Kind)}
            data={(['openldap', 'active_directory'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <TextInput
            label={t('url')}
            description={t('urlHint')}
            value={values.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            required
            placeholder="ldaps://verzeichnis.beispiel.de:636"
            maxLength={500}
          />
          <Checkbox label={t('startTls')} checked={values.startTls} onChange={(e) => set({ startTls: e.currentTarget.checked })} />
          <Textarea
            label={t('caCertificate')}
            description={t('caHint')}
            value={values.caCertificate}
            onChange={(e) => set({ caCertificate: e.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={8}
            placeholder="-----BEGIN CERTIFICATE-----"
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            maxLength={20000}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('bindDn')}
              value={values.bindDn}
              onChange={(e) => set({ bindDn: e.currentTarget.value })}
              required
              placeholder="cn=buchbar,ou=dienste,dc=beispiel,dc=de"
              maxLength={1000}
            />
            <PasswordInput
              label={t('bindPassword')}
              description={data.hasBindPassword ? t('bindPasswordStored') : undefined}
              value={values.bindPassword}
              onChange={(e) => set({ bindPassword: e.currentTarget.value })}
              required={!data.hasBindPassword}
              autoComplete="new-password"
              maxLength={1000}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h4" component="legend">
            {t('people')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('userBaseDn')}
              value={values.userBaseDn}
              onChange={(e) => set({ userBaseDn: e.currentTarget.value })}
              required
              placeholder="ou=people,dc=beispiel,dc=de"
              maxLength={1000}
            />
            <TextInput
              label={t('userFilter')}
              value={values.userFilter}
              onChange={(e) => set({ userFilter: e.currentTarget.value })}
              required
              maxLength={2000}
            />
          </SimpleGrid>
          <TextInput
            label={t('disabledFilter')}
            description={t('disabledHint')}
            value={values.disabledFilter}
            onChange={(e) => set({ disabledFilter: e.currentTarget.value })}
            placeholder="(description=gesperrt)"
            maxLength={2000}
          />
          <Text size="sm" fw={500}>
            {t('attributes')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {ATTRIBUTE_KEYS.map((k) => (
              <TextInput
                key={k}
                label={t(`attribute.${k}`)}
                value={values.attributes[k]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set({ attributes: { ...values.attributes, [k]: value } });
                }}
                required
                maxLength={64}
              />
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h4" component="legend">
            {t('groups')}
          </Title>
          <TextInput
            label={t('groupBaseDn')}
            value={values.groupBaseDn}
            onChange={(e) => set({ groupBaseDn: e.currentTarget.value })}
            required
            placeholder="ou=groups,dc=beispiel,dc=de"
            maxLength={1000}
          />
          <Text size="sm" fw={500}>
            {t('mapping')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('mappingIntro')}
          </Text>
          {mapping.length === 0 ? (
            <Text size="sm" fw={500}>
              {t('noMapping')}
            </Text>
          ) : null}
          {mapping.map((row, i) => (
            <Flex
              // The rows have no identity of their own and every field is controlled: a row's place is its key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              direction={{ base: 'column', sm: 'row' }}
              align={{ base: 'stretch', sm: 'flex-end' }}
              gap="xs"
              data-testid="directory-mapping"
            >
              <TextInput
                style={{ flex: 2, minWidth: 0 }}
                label={t('groupDn')}
                value={row.groupDn}
                onChange={(e) => setMapping(i, { groupDn: e.currentTarget.value })}
                required
                placeholder="cn=buchbar,ou=groups,dc=beispiel,dc=de"
                maxLength={1000}
              />
              <NativeSelect
                style={{ flex: 1, minWidth: 0 }}
                label={t('buchbarGroup')}
                value={row.groupId}
                onChange={(e) => setMapping(i, { groupId: e.currentTarget.value })}
                data={groupOptions}
              />
              <Button
                variant="subtle"
                color="red"
                size="sm"
                style={{ alignSelf: 'flex-start' }}
                aria-label={t('removeMapping', { dn: row.groupDn || i + 1 })}
                onClick={() => set({ groupMapping: mapping.filter((_, j) => j !== i) })}
              >
                {t('removeRow')}
              </Button>
            </Flex>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={groupOptions.length === 0}
              onClick={() => set({ groupMapping: [...mapping, { groupDn: '', groupId: groupOptions[0]?.value ?? '' }] })}
            >
              {t('addMapping')}
            </Button>
          </Group>
          <NumberInput
            label={t('interval')}
            description={t('intervalHint')}
            value={values.syncIntervalMinutes}
            onChange={(v) => set({ syncIntervalMinutes: typeof v === 'number' ? v : Number(v) })}
            min={15}
            max={10080}
            step={15}
            allowDecimal={false}
            w={{ base: '100%', sm: 260 }}
          />
        </Stack>

        <SettingsFormActions
          saveLabel={t('save')}
          saving={m.save.isPending}
          configured={data.configured}
          extra={
            <Button variant="light" loading={m.sync.isPending} onClick={() => m.sync.mutate(undefined, { onError: failed })}>
              {t('syncNow')}
            </Button>
          }
          remove={{
            label: t('remove'),
            pending: m.remove.isPending,
            run: () =>
              m.remove
                .mutateAsync()
                .then(() => notifications.show({ color: 'green', message: t('removed') }))
                .catch(failed),
          }}
        />
      </Stack>
    </form>
  );
}

/** /admin/mandanten: the tenant's LDAP / Active Directory (decision 223); the bind password is write-only. */
export function DirectorySettings() {
  const { t } = useTranslation('directory');
  const q = useDirectory();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('title')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {q.isPending ? (
          <Loader aria-label={t('title')} />
        ) : q.isError ? (
          <Alert color="red" role="alert">
            {q.error.message}
          </Alert>
        ) : (
          <>
            {q.data.configured ? <LastSync data={q.data} /> : null}
            <SettingsForm key={`${q.data.configured}-${q.data.url}`} data={q.data} />
          </>
        )}
      </Stack>
    </Card>
  );
}
