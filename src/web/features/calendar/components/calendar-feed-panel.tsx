import type { CalendarFeedStatus, CalendarInvitationsStatus } from '@contracts/calendar-feed';
import { formatDate } from '@domain/time';
import { Alert, Button, CopyButton, Divider, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useTranslation } from 'react-i18next';

const feedKey = ['calendar-feed'] as const;
const invitationsKey = ['calendar-invitations'] as const;

/** The person's own switch for calendar invitations in booking mails (decision 217). */
function InvitationsSwitch() {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => api.get<CalendarInvitationsStatus>('/api/calendar/invitations', { signal }),
  });
  const save = useMutation({
    mutationFn: (enabled: boolean) => api.put<CalendarInvitationsStatus>('/api/calendar/invitations', { enabled }),
    onSuccess: (data) => queryClient.setQueryData(invitationsKey, data),
  });
  if (status.isPending) return <Loader size="sm" />;
  if (status.isError) return <Alert color="red">{status.error.message}</Alert>;
  return (
    <Stack gap="xs">
      <Switch
        label={t('calendar.invitations')}
        description={t('calendar.invitationsHint')}
        checked={status.data.enabled}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      {save.isSuccess ? (
        <Text size="sm" c="green" role="status">
          {t('calendar.invitationsSaved')}
        </Text>
      ) : null}
      {save.isError ? (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The calendar subscription in the settings dialog (decision 090): make,
 * renew or revoke the private address. The address is shown once, right after
 * it was made, because only its fingerprint is stored.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/api/calendar/feed', { signal }),
  });
  const renew = useMutation({
    mutationFn: () => api.post<CalendarFeedStatus>('/api/calendar/feed'),
    onSuccess: (data) => queryClient.setQueryData(feedKey, data),
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<CalendarFeedStatus>('/api/calendar/feed'),
    onSuccess: (data) => {
      renew.reset();
      queryClient.setQueryData(feedKey, data);
    },
  });
  if (status.isPending) return <Loader size="sm" />;
  if (status.isError) return <Alert color="red">{status.error.message}</Alert>;
  const url = renew.data?.url ?? null;
  const error = renew.error ?? revoke.error;
  return (
    <Stack gap="sm" data-calendar-feed={status.data.active ? 'active' : 'none'}>
      <InvitationsSwitch />
      <Divider />
      <Text size="sm">{t('calendar.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {url ? (
        <Stack gap="xs">
          <Alert color="green" role="status">
            {t('calendar.created')}
          </Alert>
          <TextInput label={t('calendar.url')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('calendar.copied') : t('calendar.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : status.data.active && status.data.createdAt ? (
        <Text size="sm">{t('calendar.activeSince', { date: formatDate(status.data.createdAt) })}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('calendar.none')}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        {status.data.active ? (
          <Button variant="default" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            {t('calendar.revoke')}
          </Button>
        ) : null}
        <Button loading={renew.isPending} onClick={() => renew.mutate()}>
          {status.data.active ? t('calendar.renew') : t('calendar.create')}
        </Button>
      </Group>
    </Stack>
  );
}
