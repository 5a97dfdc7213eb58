import type { ChecklistDto } from '@contracts/trip-checklist';
import { formatDate } from '@domain/time';
import { Badge, Button, Group, List, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChecklists } from '../api/use-checklists';
import { useRemoveChecklist } from '../api/use-save-checklist';
import { ChecklistFormModal } from './checklist-form';

/**
 * The fleet's checklists for the check before the trip (docs/product.md#check-before-the-trip), a section of
 * /admin/fahrzeuge: each with its categories, its current version and its points; the categories of the fleet
 * without one are named below, so a new vehicle category is not forgotten.
 */
export function TripChecklistsAdmin() {
  const { t } = useTranslation('tripChecklist');
  const query = useChecklists();
  const [editing, setEditing] = useState<ChecklistDto | 'new' | null>(null);
  const [removing, setRemoving] = useState<ChecklistDto | null>(null);
  const checklists = query.data?.checklists ?? [];
  const uncovered = (query.data?.vehicleCategories ?? []).filter((c) => c.checklistId === null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-checklists-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h4" id="trip-checklists-title">
              {t('admin.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={820}>
              {t('admin.intro')}
            </Text>
          </div>
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('admin.add')}
          </Button>
        </Group>
        {query.isPending ? (
          <Loader />
        ) : checklists.length === 0 ? (
          <Text c="dimmed">{t('admin.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {checklists.map((c) => (
              <ChecklistCard key={c.id} checklist={c} onEdit={() => setEditing(c)} onRemove={() => setRemoving(c)} />
            ))}
          </SimpleGrid>
        )}
        {uncovered.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="uncovered-categories">
            {t('admin.uncovered', {
              list: uncovered.map((c) => `${c.category} (${t('admin.vehicles', { count: c.vehicles })})`).join(', '),
            })}
          </Text>
        )}
      </Stack>
      <ChecklistFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        checklist={editing === 'new' ? null : editing}
        categories={(query.data?.vehicleCategories ?? []).map((c) => c.category)}
      />
      <RemoveDialog checklist={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

function ChecklistCard({ checklist: c, onEdit, onRemove }: { checklist: ChecklistDto; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('tripChecklist');
  const critical = c.items.filter((i) => i.critical).length;
  return (
    <Paper withBorder p="sm" radius="sm" data-checklist={c.name}>
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5">
            {c.name}
          </Title>
          <Text size="xs" c="dimmed">
            {t('admin.version', { version: c.version, date: formatDate(new Date(c.publishedAt)) })} ·{' '}
            {t('admin.points', { count: c.items.length })}
            {critical > 0 && `, ${t('admin.criticalCount', { count: critical })}`}
          </Text>
        </div>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('admin.categories')}:
          </Text>
          {c.categories.map((k) => (
            <Badge key={k} variant="default" tt="none">
              {k}
            </Badge>
          ))}
        </Group>
        <List size="sm" spacing={2} type="ordered">
          {c.items.map((i) => (
            <List.Item key={i.id}>
              {i.label}{' '}
              {i.critical && (
                <Badge size="xs" color="red" variant="light">
                  {t('admin.critical')}
                </Badge>
              )}
            </List.Item>
          ))}
        </List>
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={t('admin.editNamed', { name: c.name })}>
            {t('admin.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove} aria-label={t('admin.removeNamed', { name: c.name })}>
            {t('admin.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RemoveDialog({ checklist, onClose }: { checklist: ChecklistDto | null; onClose: () => void }) {
  const { t } = useTranslation('tripChecklist');
  const { t: tc } = useTranslation();
  const remove = useRemoveChecklist();
  return (
    <Modal opened={checklist !== null} onClose={onClose} title={t('admin.remove')}>
      {checklist && (
        <Stack>
          <Text size="sm">{t('admin.removeConfirm', { name: checklist.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(checklist.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('admin.removed') });
                    onClose();
                  },
                  onError: (e) => notifications.show({ color: 'red', message: isApiError(e) ? e.message : tc('errors.unknown') }),
                })
              }
            >
              {t('admin.remove')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
