import { Autocomplete, Button, Group, Loader, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupMember } from '../api/use-group-member';
import { type GroupSummary, useGroup, useGroups } from '../api/use-groups';
import { usePeopleSearch } from '../api/use-people-search';
import { useRoles } from '../api/use-roles';
import { useSaveGroup } from '../api/use-save-group';
import { NamedItemsAdmin } from './named-items-admin';

function AddMember({ groupId }: { groupId: string }) {
  const { t } = useTranslation('access');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 250);
  const people = usePeopleSearch(search);
  const member = useGroupMember();
  const options = (people.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.lastName}, ${u.firstName} (${u.email})` }));
  return (
    <Autocomplete
      label={t('groups.addMember')}
      placeholder={t('groups.addMemberPlaceholder')}
      value={text}
      onChange={setText}
      data={options.map((o) => o.label)}
      onOptionSubmit={(label) => {
        const option = options.find((o) => o.label === label);
        if (!option) return;
        member.mutate(
          { groupId, userId: option.value, member: true },
          {
            onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message ?? label }),
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          },
        );
        // Autocomplete writes the chosen label after this callback; clear the field once it has.
        setTimeout(() => setText(''), 0);
      }}
      filter={({ options: all }) => all}
      w={{ base: '100%', sm: 420 }}
    />
  );
}

function GroupEditor({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('access');
  const roles = useRoles();
  const detail = useGroup(group.id);
  const save = useSaveGroup();
  const member = useGroupMember();
  const [name, setName] = useState(group.name);
  const [roleIds, setRoleIds] = useState(group.roles.map((r) => r.id));
  useEffect(() => {
    setName(group.name);
    setRoleIds(group.roles.map((r) => r.id));
  }, [group]);
  const submit = () =>
    save.mutate(
      { id: group.id, body: { name: name.trim(), roleIds } },
      {
        onSuccess: (saved) => notifications.show({ color: 'green', message: t('groups.saved', { name: saved.name }) }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  return (
    <Stack gap="sm">
      <TextInput
        label={t('groups.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 360 }}
      />
      <MultiSelect
        label={t('groups.roles')}
        data={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={roleIds}
        onChange={setRoleIds}
        searchable
        w={{ base: '100%', sm: 520 }}
      />
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={!name.trim()}>
          {t('groups.save')}
        </Button>
      </Group>
      <Title order={2} size="h4">
        {t('groups.members')} · {t('groups.memberCount', { count: group.memberCount })}
      </Title>
      <AddMember groupId={group.id} />
      {detail.isPending ? (
        <Loader size="sm" />
      ) : (detail.data?.members.length ?? 0) === 0 ? (
        <Text size="sm">{t('groups.noMembers')}</Text>
      ) : (
        <Table verticalSpacing="xs" striped>
          <Table.Tbody>
            {detail.data?.members.map((m) => {
              const full = `${m.firstName} ${m.lastName}`;
              return (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>{`${m.lastName}, ${m.firstName}`}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('groups.removeMemberLabel', { name: full })}
                      onClick={() =>
                        member.mutate(
                          { groupId: group.id, userId: m.id, member: false },
                          { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
                        )
                      }
                    >
                      {t('groups.removeMember')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** /admin/gruppen: create groups, rename them, choose their roles and members, delete with a list of who loses what. */
export function GroupsAdmin() {
  const groups = useGroups();
  const save = useSaveGroup();
  return (
    <NamedItemsAdmin
      kind="groups"
      query={groups}
      items={groups.data?.groups ?? []}
      creating={save.isPending}
      create={(name, onCreated, onError) => save.mutate({ id: null, body: { name } }, { onSuccess: onCreated, onError })}
      editor={(group) => <GroupEditor key={group.id} group={group} />}
    />
  );
}
