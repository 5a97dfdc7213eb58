import { Alert, Button, Card, ColorInput, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOccupancyEmbedding } from '../api/use-occupancy';

const errorText = (e: unknown) => (isApiError(e) ? e.message : String(e));

/** /admin/mandanten: the websites that may embed the occupancy page and read its JSON, and its colour (decision 230). */
export function OccupancyEmbedding() {
  const { t } = useTranslation('occupancy');
  const { value, save } = useOccupancyEmbedding();
  const [origins, setOrigins] = useState('');
  const [colour, setColour] = useState('#1c7ed6');
  useEffect(() => {
    if (!value.data) return;
    setOrigins(value.data.origins.join('\n'));
    setColour(value.data.colour);
  }, [value.data]);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="occupancy-embedding">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h3" id="occupancy-embedding">
          {t('embeddingTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('embeddingIntro')}
        </Text>
        {value.isPending ? <Loader size="sm" /> : null}
        {value.isError ? <Alert color="red">{errorText(value.error)}</Alert> : null}
        <Textarea
          label={t('origins')}
          description={t('originsHint')}
          autosize
          minRows={2}
          value={origins}
          onChange={(e) => setOrigins(e.currentTarget.value)}
        />
        <ColorInput
          label={t('colour')}
          description={t('colourHint')}
          format="hex"
          value={colour}
          onChange={setColour}
          maw={420}
          eyeDropperButtonProps={{ 'aria-label': t('colourPick') }}
        />
        <Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                {
                  origins: origins
                    .split('\n')
                    .map((s) => s.trim())
                    .filter(Boolean),
                  colour,
                },
                {
                  onSuccess: () => notifications.show({ color: 'green', message: t('saved') }),
                  onError: (err) => notifications.show({ color: 'red', title: t('failed'), message: errorText(err), autoClose: 8000 }),
                },
              )
            }
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
