import { Alert, Anchor, Code, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useTranslation } from 'react-i18next';
import { useOccupancyPlans } from '../api/use-occupancy';

/** Long addresses and code wrap instead of pushing the page sideways on a phone. */
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const errorText = (e: unknown) => (isApiError(e) ? e.message : String(e));

/** /admin/raeume, tab "Website": the room admin switches the public occupancy of one floor plan on or off (decision 230). */
export function OccupancyPlanTab({ planId }: { planId: string }) {
  const { t } = useTranslation('occupancy');
  const { list, toggle } = useOccupancyPlans();
  if (list.isPending) return <Loader size="sm" />;
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  const plan = list.data.floorPlans.find((p) => p.id === planId);
  if (!plan) return null;
  const origin = window.location.origin;
  const code = `<iframe src="${origin}${plan.pagePath}" title="${t('iframeTitle', { name: plan.name })}" width="100%" height="640" style="border:0"></iframe>`;
  return (
    <Stack maw={720} gap="sm">
      <Title order={2} size="h4">
        {t('planTitle')}
      </Title>
      <Text size="sm">{t('planIntro')}</Text>
      <Switch
        label={t('enabled')}
        checked={plan.enabled}
        disabled={toggle.isPending}
        onChange={(e) =>
          toggle.mutate(
            { id: plan.id, enabled: e.currentTarget.checked },
            {
              onSuccess: () => notifications.show({ color: 'green', message: t('saved') }),
              onError: (err) => notifications.show({ color: 'red', title: t('failed'), message: errorText(err), autoClose: 8000 }),
            },
          )
        }
      />
      <Text size="sm" data-testid="occupancy-state">
        {plan.enabled ? t('on') : t('off')}
      </Text>
      {!plan.active ? (
        <Alert color="gray" variant="light">
          {t('inactive')}
        </Alert>
      ) : null}
      {plan.enabled ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('page')}
          </Text>
          <Anchor
            href={plan.pagePath}
            target="_blank"
            rel="noopener"
            size="sm"
            data-testid="occupancy-page-link"
            style={{ overflowWrap: 'anywhere' }}
          >
            {t('open')}: {origin}
            {plan.pagePath}
          </Anchor>
          <Text size="sm" fw={600}>
            {t('embedCode')}
          </Text>
          <Code block data-testid="occupancy-embed-code" style={WRAP}>
            {code}
          </Code>
          <Text size="sm" fw={600}>
            {t('json')}
          </Text>
          <Code block style={WRAP}>
            {`${origin}${plan.jsonPath}`}
          </Code>
          {plan.locationPagePath && plan.locationName ? (
            <Anchor href={plan.locationPagePath} target="_blank" rel="noopener" size="sm">
              {t('locationPage', { name: plan.locationName })}
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('websitesHint')}
      </Text>
    </Stack>
  );
}
