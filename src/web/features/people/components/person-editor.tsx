import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  List,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePerson } from '../api/use-delete-person';
import {
  type AccessOptions,
  type PersonDetail,
  useAccessOptions,
  useDepartments,
  usePerson,
  useResetSecondFactor,
  useSavePerson,
} from '../api/use-person';

type Via = PersonDetail['effective'][number]['via'][number];

function Provenance({ via }: { via: Via }) {
  const { t } = useTranslation('admin');
  const text =
    via.kind === 'direct'
      ? t('users.edit.viaDirect')
      : via.kind === 'role'
        ? t('users.edit.viaRole', { role: via.role })
        : t('users.edit.viaGroup', { group: via.group, role: via.role });
  return (
    <Badge variant="light" tt="none" color={via.kind === 'direct' ? 'orange' : via.kind === 'role' ? 'blue' : 'grape'}>
      {text}
    </Badge>
  );
}

/** A lost phone and used-up recovery codes: the admin takes the factor away; the person sets it up again. */
function SecondFactorReset({ person }: { person: PersonDetail }) {
  const { t } = useTranslation('admin');
  const reset = useResetSecondFactor();
  const [asked, setAsked] = useState(false);
  if (!person.secondFactor) return null;
  return (
    <Stack gap="xs" data-testid="second-factor-reset">
      <Title order={3} size="h4">
        {t('users.edit.secondFactor')}
      </Title>
      <Text size="sm">{t('users.edit.secondFactorActive')}</Text>
      {reset.error ? (
        <Alert color="red" role="alert">
          {reset.error.message}
        </Alert>
      ) : null}
      <Group>
        {asked ? (
          <>
            <Button
              color="red"
              loading={reset.isPending}
              onClick={() =>
                // The form re-mounts with the refetched person, so the confirmation hangs on the promise.
                reset
                  .mutateAsync(person.user.id)
                  .then(() => notifications.show({ color: 'green', message: t('users.edit.secondFactorResetDone') }))
                  .catch(() => undefined)
              }
            >
              {t('users.edit.secondFactorResetConfirm')}
            </Button>
            <Button variant="default" onClick={() => setAsked(false)}>
              {t('users.edit.cancel')}
            </Button>
          </>
        ) : (
          <Button variant="light" color="red" onClick={() => setAsked(true)}>
            {t('users.edit.secondFactorReset')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Erasure on request (decision 150): the confirmation lists what happens before anything does. */
function ErasePerson({ person, onErased }: { person: PersonDetail; onErased: () => void }) {
  const { t } = useTranslation('admin');
  const erase = useDeletePerson();
  const [asked, setAsked] = useState(false);
  const name = `${person.user.firstName} ${person.user.lastName}`;
  return (
    <Stack gap="xs" data-testid="erase-person">
      <Title order={3} size="h4">
        {t('users.edit.erase')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('users.edit.eraseHint')}
      </Text>
      {asked ? (
        <Alert
          color="red"
          title={t('users.edit.eraseTitle', { name })}
          role="alertdialog"
          aria-label={t('users.edit.eraseTitle', { name })}
        >
          <Stack gap="xs">
            <List size="sm" spacing={2}>
              {(t('users.edit.eraseConsequences', { returnObjects: true }) as string[]).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Text size="sm" fw={600}>
              {t('users.edit.eraseIrreversible')}
            </Text>
            {erase.error ? (
              <Text size="sm" c="red" role="alert">
                {erase.error.message}
              </Text>
            ) : null}
            <Group>
              <Button
                color="red"
                loading={erase.isPending}
                onClick={() =>
                  erase
                    .mutateAsync(person.user.id)
                    .then(() => {
                      notifications.show({ color: 'green', message: t('users.edit.erased', { name }) });
                      onErased();
                    })
                    .catch(() => undefined)
                }
              >
                {t('users.edit.eraseConfirm')}
              </Button>
              <Button variant="default" onClick={() => setAsked(false)}>
                {t('users.edit.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button variant="light" color="red" onClick={() => setAsked(true)}>
            {t('users.edit.erase')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function EditorForm({
  person,
  options,
  departments,
  onErased,
}: {
  person: PersonDetail;
  options: AccessOptions;
  departments: { id: string; name: string }[];
  onErased: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSavePerson();
  const [fields, setFields] = useState({
    firstName: person.user.firstName,
    lastName: person.user.lastName,
    email: person.user.email,
    employeeId: person.user.employeeId ?? '',
    departmentId: person.user.department?.id ?? null,
  });
  const [roleIds, setRoles] = useState(person.roleIds);
  const [groupIds, setGroups] = useState(person.groupIds);
  const [direct, setDirect] = useState<Record<string, string>>(Object.fromEntries(person.permissions.map((p) => [p.name, p.value])));
  const text = (key: 'firstName' | 'lastName' | 'email' | 'employeeId') => ({
    value: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [key]: value }));
    },
  });
  const name = `${fields.firstName} ${fields.lastName}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // The saved person is fetched again and the form re-mounts with it, which would drop callbacks
        // given to mutate(); the promise of mutateAsync settles regardless, so the confirmation always shows.
        save
          .mutateAsync({
            id: person.user.id,
            fields: { ...fields, employeeId: fields.employeeId.trim() || null },
            access: {
              roleIds,
              groupIds,
              permissions: Object.entries(direct)
                .filter(([, v]) => v === 'true' || v === 'false')
                .map(([n, v]) => ({ name: n, value: v as 'true' | 'false' })),
            },
          })
          .then(
            () => notifications.show({ color: 'green', message: t('users.edit.saved', { name }) }),
            (error: Error) => notifications.show({ color: 'red', message: error.message }),
          );
      }}
    >
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('users.edit.fields')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('users.create.firstName')} required {...text('firstName')} />
          <TextInput label={t('users.create.lastName')} required {...text('lastName')} />
          <TextInput label={t('users.email')} required type="email" {...text('email')} />
          <TextInput label={t('users.employeeId')} {...text('employeeId')} />
          <Select
            label={t('users.department')}
            placeholder={t('users.edit.noDepartment')}
            data={departments.map((d) => ({ value: d.id, label: d.name }))}
            value={fields.departmentId}
            onChange={(v) => setFields((f) => ({ ...f, departmentId: v }))}
            clearable
          />
        </SimpleGrid>
        <Title order={3} size="h4">
          {t('users.edit.access')}
        </Title>
        <MultiSelect
          label={t('users.edit.roles')}
          data={options.roles.map((r) => ({ value: r.id, label: r.name }))}
          value={roleIds}
          onChange={setRoles}
          searchable
        />
        <MultiSelect
          label={t('users.edit.groups')}
          data={options.groups.map((g) => ({ value: g.id, label: g.name }))}
          value={groupIds}
          onChange={setGroups}
          searchable
        />
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('users.edit.direct')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('users.edit.directHint')}
          </Text>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {options.permissions.map((p) => (
                <Table.Tr key={p.name}>
                  <Table.Td>
                    <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.description}
                    </Text>
                  </Table.Td>
                  <Table.Td w={150}>
                    <Select
                      aria-label={p.name}
                      size="xs"
                      data={[
                        { value: '', label: t('users.edit.notSet') },
                        { value: 'true', label: 'true' },
                        { value: 'false', label: 'false' },
                      ]}
                      value={direct[p.name] ?? ''}
                      onChange={(v) => setDirect((d) => ({ ...d, [p.name]: v ?? '' }))}
                      allowDeselect={false}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!fields.firstName.trim() || !fields.lastName.trim()}>
            {t('users.edit.save')}
          </Button>
        </Group>
        <SecondFactorReset person={person} />
        <Title order={3} size="h4">
          {t('users.edit.effective')}
        </Title>
        {person.effective.length === 0 ? (
          <Text size="sm">{t('users.edit.noneEffective')}</Text>
        ) : (
          <Stack gap={6} data-testid="effective-permissions">
            {person.effective.map((e) => (
              <Group key={e.permission} gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {e.permission}
                </Text>
                {e.via.map((v) => (
                  <Provenance key={JSON.stringify(v)} via={v} />
                ))}
              </Group>
            ))}
          </Stack>
        )}
        <ErasePerson person={person} onErased={onErased} />
      </Stack>
    </form>
  );
}

/** Drawer to edit one person: fields, roles, groups, direct permissions, and where each effective permission comes from. */
export function PersonEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const person = usePerson(id);
  const options = useAccessOptions();
  const departments = useDepartments();
  const ready = person.data && options.data && departments.data;
  const error = person.error ?? options.error ?? departments.error;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={t('users.edit.title')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      {error ? (
        <Alert color="red">{error.message}</Alert>
      ) : !ready ? (
        <Loader />
      ) : (
        <EditorForm
          key={`${person.data.user.id}-${person.dataUpdatedAt}`}
          person={person.data}
          options={options.data}
          departments={departments.data.departments}
          onErased={onClose}
        />
      )}
    </Drawer>
  );
}
