import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminLocation, type AdminParkingSpace, useLocationMutations, useLocations } from '../api/use-locations';

type Mutations = ReturnType<typeof useLocationMutations>;
const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** One name field with its button; used for new locations, renaming and new parking spaces. */
function NameForm({
  label,
  button,
  initial = '',
  busy,
  onSave,
}: {
  label: string;
  button: string;
  initial?: string;
  busy: boolean;
  onSave: (name: string, reset: () => void) => void;
}) {
  const [name, setName] = useState(initial);
  const trimmed = name.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && trimmed !== initial) onSave(trimmed, () => setName(initial));
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput label={label} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} style={{ flex: 1 }} />
        <Button type="submit" variant={initial ? 'default' : 'filled'} loading={busy} disabled={!trimmed || trimmed === initial}>
          {button}
        </Button>
      </Group>
    </form>
  );
}

function SpaceRow({ space, m }: { space: AdminParkingSpace; m: Mutations }) {
  const { t } = useTranslation('locations');
  const remove = () =>
    m.removeSpace.mutate(space.id, {
      onSuccess: (r) => notifications.show({ color: r.deactivated ? 'yellow' : 'green', message: r.message }),
      onError: failed,
    });
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-space-id={space.id}>
      <Group gap={6} wrap="wrap">
        <Text fw={600} c={space.active ? undefined : 'dimmed'}>
          {space.name}
        </Text>
        {space.active ? null : (
          <Badge color="gray" variant="light" tt="none">
            {t('inactive')}
          </Badge>
        )}
        {space.used ? (
          <Badge color="blue" variant="light" tt="none">
            {t('inHistory')}
          </Badge>
        ) : null}
      </Group>
      {space.active ? (
        <Button size="xs" variant="subtle" color="red" aria-label={t('removeSpaceLabel', { name: space.name })} onClick={remove}>
          {t('removeSpace')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="subtle"
          aria-label={t('activateSpaceLabel', { name: space.name })}
          onClick={() => m.changeSpace.mutate({ id: space.id, active: true }, { onError: failed })}
        >
          {t('activate')}
        </Button>
      )}
    </Group>
  );
}

function LocationCard({ location, m }: { location: AdminLocation; m: Mutations }) {
  const { t } = useTranslation('locations');
  const { t: tc } = useTranslation();
  const confirmRemove = () =>
    void openConfirmModal({
      title: t('removeTitle'),
      children: <Text size="sm">{t('removeText', { name: location.name })}</Text>,
      labels: { confirm: t('remove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': tc('actions.close') },
      onConfirm: () =>
        m.remove.mutate(location.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('removed', { name: location.name }) }),
          onError: failed,
        }),
    });
  return (
    <Card withBorder padding="md" component="section" aria-label={location.name} data-location-id={location.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {location.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('vehicles', { count: location.vehicles })} · {t('floorPlans', { count: location.floorPlans })}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            color="red"
            style={{ flexShrink: 0 }}
            aria-label={t('removeLabel', { name: location.name })}
            onClick={confirmRemove}
          >
            {t('removeSpace')}
          </Button>
        </Group>
        <NameForm
          key={location.name}
          label={t('name')}
          button={t('rename')}
          initial={location.name}
          busy={m.rename.isPending && m.rename.variables?.id === location.id}
          onSave={(name) =>
            m.rename.mutate(
              { id: location.id, name },
              { onSuccess: (r) => notifications.show({ color: 'green', message: t('renamed', { name: r.name }) }), onError: failed },
            )
          }
        />
        <Title order={3} size="h5">
          {t('spaces')}
        </Title>
        {location.parkingSpaces.length === 0 ? (
          <Text size="sm">{t('noSpaces')}</Text>
        ) : (
          <Stack gap={4}>
            {location.parkingSpaces.map((s) => (
              <SpaceRow key={s.id} space={s} m={m} />
            ))}
          </Stack>
        )}
        <NameForm
          label={t('newSpace')}
          button={t('addSpace')}
          busy={m.addSpace.isPending && m.addSpace.variables?.locationId === location.id}
          onSave={(name, reset) =>
            m.addSpace.mutate(
              { locationId: location.id, name },
              {
                onSuccess: () => {
                  reset();
                  notifications.show({ color: 'green', message: t('spaceAdded', { name }) });
                },
                onError: failed,
              },
            )
          }
        />
      </Stack>
    </Card>
  );
}

/** /admin/lokationen: locations with parking spaces; refusals (in use, duplicate names) come from the server verbatim. */
export function LocationsAdmin() {
  const { t } = useTranslation('locations');
  const list = useLocations();
  const m = useLocationMutations();
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      <NameForm
        label={t('newName')}
        button={t('create')}
        busy={m.create.isPending}
        onSave={(name, reset) =>
          m.create.mutate(name, {
            onSuccess: (r) => {
              reset();
              notifications.show({ color: 'green', message: t('created', { name: r.name }) });
            },
            onError: failed,
          })
        }
      />
      {list.isPending ? (
        <Loader aria-label={t('title')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.locations.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.data.locations.map((l) => (
            <LocationCard key={l.id} location={l} m={m} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
