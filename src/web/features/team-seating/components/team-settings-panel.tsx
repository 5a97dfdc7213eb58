import type { TeamPerson, TeamSettingsResponse } from '@contracts/team-seating';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const settingsKey = ['team-settings'] as const;

/**
 * „Mein Team“ in the settings dialog (decision 110): the person's consent
 * (off until switched on) and their favourite colleagues, searched by name
 * among the people of the tenant who agreed. Every change is saved at once.
 */
export function TeamSettingsPanel() {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const status = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<TeamSettingsResponse>('/api/team/settings', { signal }),
  });
  const save = useMutation({
    mutationFn: (body: { consent: boolean; favouriteIds: string[] }) => api.put<TeamSettingsResponse>('/api/team/settings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey, data);
      // The workplace map and its team list follow the new choice at once.
      void queryClient.invalidateQueries({ queryKey: ['reading-rooms', 'team'] });
    },
  });
  const found = useQuery({
    queryKey: ['team-people', debounced],
    queryFn: ({ signal }) => api.get<{ people: TeamPerson[] }>(`/api/team/people?q=${encodeURIComponent(debounced)}`, { signal }),
    enabled: debounced.length >= 2 && status.data?.consent === true,
  });
  if (status.isPending) return <Loader size="sm" />;
  if (status.isError) return <Alert color="red">{status.error.message}</Alert>;
  const data = status.data;
  if (!data.enabled) return <Text size="sm">{t('team.off')}</Text>;
  const ids = data.favourites.map((f) => f.id);
  const store = (consent: boolean, favouriteIds: string[]) => save.mutate({ consent, favouriteIds });
  const candidates = (found.data?.people ?? []).filter((p) => !ids.includes(p.id));
  return (
    <Stack gap="sm" data-testid="team-settings">
      <Text size="sm">{t('team.intro')}</Text>
      {save.isError ? (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <Text size="sm" c="green.8" role="status">
          {t('team.saved')}
        </Text>
      ) : null}
      <Switch
        checked={data.consent}
        onChange={(e) => store(e.currentTarget.checked, ids)}
        label={t('team.consent')}
        disabled={save.isPending}
        data-testid="team-consent"
      />
      <Title order={3} size="h6">
        {t('team.favourites')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('team.favouritesHint')}
      </Text>
      {data.favourites.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('team.noFavourites')}
        </Text>
      ) : (
        <Stack gap={4} data-testid="team-favourites">
          {data.favourites.map((f) => (
            <Group key={f.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {f.name}
                {f.department ? (
                  <Text span size="xs" c="dimmed">
                    {` · ${f.department}`}
                  </Text>
                ) : null}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('team.remove', { name: f.name })}
                onClick={() =>
                  store(
                    data.consent,
                    ids.filter((id) => id !== f.id),
                  )
                }
              >
                <span aria-hidden>✕</span>
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {data.consent ? (
        <Stack gap={4}>
          <TextInput
            label={t('team.search')}
            placeholder={t('team.searchPlaceholder')}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            rightSection={found.isFetching ? <Loader size="xs" /> : null}
            data-testid="team-search"
          />
          {candidates.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {p.name}
                {p.department ? (
                  <Text span size="xs" c="dimmed">
                    {` · ${p.department}`}
                  </Text>
                ) : null}
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => store(data.consent, [...ids, p.id])}>
                {t('team.add')}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
