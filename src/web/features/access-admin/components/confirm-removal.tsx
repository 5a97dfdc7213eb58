import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { useTranslation } from 'react-i18next';
import { useDeleteRoleOrGroup } from '../api/use-delete';
import { fetchRemovalPreview } from '../api/use-removal-preview';

/** Deleting a role or group: first ask the server who loses which right, show that list, delete only after confirmation. */
export function useConfirmRemoval(onDeleted: () => void) {
  const { t } = useTranslation('access');
  const remove = useDeleteRoleOrGroup();
  return async (kind: 'roles' | 'groups', id: string, name: string) => {
    let preview: Awaited<ReturnType<typeof fetchRemovalPreview>>;
    try {
      preview = await fetchRemovalPreview(kind, id);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
      return;
    }
    const count = preview.people.length;
    await openConfirmModal({
      title: t('removal.title', { name }),
      children:
        count === 0 ? (
          <Text size="sm">{t('removal.nobody')}</Text>
        ) : (
          <>
            <Text size="sm" mb="xs">
              {t('removal.losers', { count })}
            </Text>
            <List size="sm" spacing={4} style={{ maxHeight: 260, overflowY: 'auto' }}>
              {preview.people.map((p) => (
                <List.Item key={p.id}>
                  <strong>{p.name}</strong>: {p.lost.join(', ')}
                </List.Item>
              ))}
            </List>
          </>
        ),
      labels: { confirm: t('removal.confirm'), cancel: t('removal.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { kind, id },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('removal.done', { name }) });
              onDeleted();
            },
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          },
        ),
    });
  };
}
