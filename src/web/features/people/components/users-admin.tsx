import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendInvitation } from '../api/use-send-invitation';
import { useUpdateUser } from '../api/use-update-user';
import { USERS_PAGE_SIZE, type UserSummary, useUsers } from '../api/use-users';
import { CreateUserForm } from './create-user-form';
import { PersonEditor } from './person-editor';

export type NameSort = 'asc' | 'desc';

interface UsersAdminProps {
  query: string;
  sort: NameSort;
  page: number;
  onQueryChange: (query: string) => void;
  onSortChange: (sort: NameSort) => void;
  onPageChange: (page: number) => void;
}

const sortName = (u: UserSummary) => `${u.lastName}, ${u.firstName}`;
const fullName = (u: UserSummary) => `${u.firstName} ${u.lastName}`.trim() || u.email;

function StatusBadge({ status }: { status: UserSummary['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="light" color={status === 'aktiv' ? 'green' : 'gray'} tt="none">
      {t(`users.statusValue.${status}`)}
    </Badge>
  );
}

function useUserActions() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const update = useUpdateUser();
  const invite = useSendInvitation();
  const [busy, setBusy] = useState<{ id: string; action: 'status' | 'invite' } | null>(null);

  const toggleStatus = (user: UserSummary) => {
    const next = user.status === 'aktiv' ? 'inaktiv' : 'aktiv';
    const name = fullName(user);
    const deactivate = next === 'inaktiv';
    void openConfirmModal({
      title: deactivate ? t('users.confirm.deactivateTitle') : t('users.confirm.activateTitle'),
      children: <Text size="sm">{deactivate ? t('users.confirm.deactivate', { name }) : t('users.confirm.activate', { name })}</Text>,
      labels: {
        confirm: deactivate ? t('users.confirm.deactivateButton') : t('users.confirm.activateButton'),
        cancel: tc('actions.cancel'),
      },
      confirmProps: { color: deactivate ? 'red' : undefined },
      closeButtonProps: { 'aria-label': tc('actions.close') },
      onConfirm: () => {
        setBusy({ id: user.id, action: 'status' });
        update.mutate(
          { id: user.id, changes: { status: next } },
          {
            onSuccess: (saved) =>
              notifications.show({
                color: 'green',
                message: t('users.statusChanged', { name, status: t(`users.statusValue.${saved.status}`) }),
              }),
            onError: (error) => notifications.show({ color: 'red', title: name, message: error.message }),
            onSettled: () => setBusy(null),
          },
        );
      },
    });
  };

  const sendInvitation = (user: UserSummary) => {
    setBusy({ id: user.id, action: 'invite' });
    invite.mutate(user.id, {
      onSuccess: (answer) =>
        notifications.show({ color: 'green', message: answer.message ?? t('users.invitationSent', { email: user.email }) }),
      onError: (error) => notifications.show({ color: 'red', title: fullName(user), message: error.message }),
      onSettled: () => setBusy(null),
    });
  };

  const isBusy = (user: UserSummary, action: 'status' | 'invite') => busy?.id === user.id && busy.action === action;
  return { toggleStatus, sendInvitation, isBusy };
}

type Actions = ReturnType<typeof useUserActions>;

function StatusSwitch({ user, actions }: { user: UserSummary; actions: Actions }) {
  const { t } = useTranslation('admin');
  return (
    <Switch
      label={t('users.activeToggle')}
      aria-label={`${t('users.activeToggle')} – ${fullName(user)}`}
      checked={user.status === 'aktiv'}
      disabled={actions.isBusy(user, 'status')}
      onChange={() => actions.toggleStatus(user)}
    />
  );
}

function InviteButton({ user, actions }: { user: UserSummary; actions: Actions }) {
  const { t } = useTranslation('admin');
  return (
    <Button variant="default" size="xs" loading={actions.isBusy(user, 'invite')} onClick={() => actions.sendInvitation(user)}>
      {t('users.sendInvitation')}
    </Button>
  );
}

function EditButton({ user, onEdit }: { user: UserSummary; onEdit: (id: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button variant="light" size="xs" aria-label={t('users.edit.openLabel', { name: fullName(user) })} onClick={() => onEdit(user.id)}>
      {t('users.edit.open')}
    </Button>
  );
}

function UsersTable({
  users,
  sort,
  onSortChange,
  actions,
  onEdit,
}: {
  users: UserSummary[];
  sort: NameSort;
  onSortChange: (s: NameSort) => void;
  actions: Actions;
  onEdit: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Table striped highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th aria-sort={sort === 'asc' ? 'ascending' : 'descending'}>
            <UnstyledButton onClick={() => onSortChange(sort === 'asc' ? 'desc' : 'asc')} fw={700} title={t('users.sortBy')}>
              {t('users.name')} <span aria-hidden="true">{sort === 'asc' ? '▲' : '▼'}</span>
            </UnstyledButton>
          </Table.Th>
          <Table.Th>{t('users.email')}</Table.Th>
          <Table.Th>{t('users.employeeId')}</Table.Th>
          <Table.Th>{t('users.department')}</Table.Th>
          <Table.Th>{t('users.status')}</Table.Th>
          <Table.Th>{t('users.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id} data-user-id={user.id}>
            <Table.Td fw={600}>{sortName(user)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
            <Table.Td>{user.employeeId ?? t('users.none')}</Table.Td>
            <Table.Td>{user.department?.name ?? t('users.none')}</Table.Td>
            <Table.Td>
              <StatusBadge status={user.status} />
            </Table.Td>
            <Table.Td>
              <Group gap="md" wrap="nowrap">
                <EditButton user={user} onEdit={onEdit} />
                <StatusSwitch user={user} actions={actions} />
                <InviteButton user={user} actions={actions} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UsersCards({ users, actions, onEdit }: { users: UserSummary[]; actions: Actions; onEdit: (id: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="sm" role="list">
      {users.map((user) => (
        <Card key={user.id} withBorder padding="md" role="listitem" data-user-id={user.id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>{sortName(user)}</Text>
              <StatusBadge status={user.status} />
            </Group>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
            <Text size="sm" c="dimmed">
              {t('users.employeeId')}: {user.employeeId ?? t('users.none')} · {t('users.department')}:{' '}
              {user.department?.name ?? t('users.none')}
            </Text>
            <Group justify="space-between" mt={4}>
              <StatusSwitch user={user} actions={actions} />
              <Group gap="xs">
                <EditButton user={user} onEdit={onEdit} />
                <InviteButton user={user} actions={actions} />
              </Group>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** /admin/benutzer: search, sort and page users on the server, switch them aktiv/inaktiv, send invitations. */
export function UsersAdmin({ query, sort, page, onQueryChange, onSortChange, onPageChange }: UsersAdminProps) {
  const { t } = useTranslation('admin');
  const [search] = useDebouncedValue(query, 250);
  const users = useUsers({ search, dir: sort, page });
  const actions = useUserActions();
  const [editing, setEditing] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const shown = users.data?.users ?? [];
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / USERS_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1}>{t('users.title')}</Title>
      <PersonEditor id={editing} onClose={() => setEditing(null)} />
      <CreateUserForm />
      <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {!wide ? (
          <Button variant="default" onClick={() => onSortChange(sort === 'asc' ? 'desc' : 'asc')}>
            {t('users.sortBy')} <span aria-hidden="true">&nbsp;{sort === 'asc' ? '▲' : '▼'}</span>
          </Button>
        ) : null}
      </Group>
      {users.isPending ? (
        <Loader aria-label={t('users.title')} />
      ) : users.isError ? (
        <Alert color="red" role="alert">
          {users.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('users.count', { shown: shown.length, count: users.data.total })}
          </Text>
          {shown.length === 0 ? (
            <Text>{t('users.empty')}</Text>
          ) : wide ? (
            <UsersTable users={shown} sort={sort} onSortChange={onSortChange} actions={actions} onEdit={setEditing} />
          ) : (
            <UsersCards users={shown} actions={actions} onEdit={setEditing} />
          )}
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPageChange}
              getControlProps={(control) => ({ 'aria-label': t(`users.pagination.${control}`) })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
