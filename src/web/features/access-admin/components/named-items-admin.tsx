import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmRemoval } from './confirm-removal';
import { CreateForm } from './create-form';

interface Named {
  id: string;
  name: string;
}

/**
 * The frame both /admin/rollen and /admin/gruppen share: create by name, pick
 * one, delete it after the list of who loses what, and the item's own editor.
 */
export function NamedItemsAdmin<T extends Named>({
  kind,
  query,
  items,
  creating,
  create,
  editor,
}: {
  kind: 'roles' | 'groups';
  query: { isPending: boolean; isError: boolean; error: Error | null };
  items: T[];
  creating: boolean;
  /** Saves a new item by name; calls `onCreated` with what was saved, or throws the error to show. */
  create: (name: string, onCreated: (created: Named) => void, onError: (error: Error) => void) => void;
  editor: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('access');
  const [selected, setSelected] = useState<string | null>(null);
  const confirmRemoval = useConfirmRemoval(() => setSelected(null));
  const item = items.find((i) => i.id === selected) ?? items[0] ?? null;

  return (
    <Stack gap="md">
      <Title order={1}>{t(`${kind}.title`)}</Title>
      <Text size="sm">{t(`${kind}.intro`)}</Text>
      <CreateForm
        label={t(`${kind}.newName`)}
        button={t(`${kind}.create`)}
        busy={creating}
        onCreate={(name) =>
          create(
            name,
            (created) => {
              setSelected(created.id);
              notifications.show({ color: 'green', message: t(`${kind}.created`, { name: created.name }) });
            },
            (error) => notifications.show({ color: 'red', message: error.message }),
          )
        }
      />
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <Alert color="red">{query.error?.message}</Alert>
      ) : !item ? (
        <Text>{t(`${kind}.empty`)}</Text>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group align="flex-end" justify="space-between" wrap="wrap">
              <Select
                label={t(`${kind}.pick`)}
                data={items.map((i) => ({ value: i.id, label: i.name }))}
                value={item.id}
                onChange={setSelected}
                searchable
                allowDeselect={false}
                w={{ base: '100%', sm: 360 }}
              />
              <Button color="red" variant="light" onClick={() => void confirmRemoval(kind, item.id, item.name)}>
                {t(`${kind}.remove`)}
              </Button>
            </Group>
            {editor(item)}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
