import { Button, Checkbox, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../api/use-permissions';
import { type Role, useRoles } from '../api/use-roles';
import { useSaveRole } from '../api/use-save-role';
import { NamedItemsAdmin } from './named-items-admin';

const grantedOf = (role: Role) => new Set(role.permissions.filter((p) => p.value === 'true').map((p) => p.name));

function RoleEditor({ role }: { role: Role }) {
  const { t } = useTranslation('access');
  const catalogue = usePermissions();
  const save = useSaveRole();
  const [name, setName] = useState(role.name);
  const [granted, setGranted] = useState(() => grantedOf(role));
  useEffect(() => {
    setName(role.name);
    setGranted(grantedOf(role));
  }, [role]);
  const toggle = (p: string, on: boolean) => setGranted((g) => (on ? new Set([...g, p]) : new Set([...g].filter((x) => x !== p))));
  const submit = () =>
    save.mutate(
      {
        id: role.id,
        body: {
          name: name.trim(),
          permissions: (catalogue.data?.permissions ?? []).map((p) => ({
            name: p.name as never,
            value: granted.has(p.name) ? 'true' : 'false',
          })),
        },
      },
      {
        onSuccess: (saved) => notifications.show({ color: 'green', message: t('roles.saved', { name: saved.name }) }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  return (
    <Stack gap="sm">
      <TextInput
        label={t('roles.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 360 }}
      />
      <Text size="sm" c="dimmed">
        {t('roles.usage', { count: role.userCount })} · {t('roles.groupUsage', { count: role.groupCount })}
      </Text>
      <Title order={2} size="h4">
        {t('roles.matrix')}
      </Title>
      {catalogue.isPending ? (
        <Loader size="sm" />
      ) : (
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48} />
              <Table.Th>{t('roles.permission')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(catalogue.data?.permissions ?? []).map((p) => (
              <Table.Tr key={p.name}>
                <Table.Td>
                  <Checkbox aria-label={p.name} checked={granted.has(p.name)} onChange={(e) => toggle(p.name, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {p.description}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {p.name}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={!name.trim()}>
          {t('roles.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/rollen: create roles, rename them, set their permissions, delete with a list of who loses what. */
export function RolesAdmin() {
  const roles = useRoles();
  const save = useSaveRole();
  return (
    <NamedItemsAdmin
      kind="roles"
      query={roles}
      items={roles.data?.roles ?? []}
      creating={save.isPending}
      create={(name, onCreated, onError) => save.mutate({ id: null, body: { name } }, { onSuccess: onCreated, onError })}
      editor={(role) => <RoleEditor key={role.id} role={role} />}
    />
  );
}
