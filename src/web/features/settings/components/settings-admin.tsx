import { decodeSettingValue, isValidSettingValue, SETTING_CATALOGUE, type SettingOption } from '@domain/settings';
import { Alert, Badge, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EffectiveSetting, useAdminSettings } from '../api/use-admin-settings';
import { useSaveTenantSetting } from '../api/use-save-setting';
import { type Draft, draftToValue, SettingInput, settingValueText, valueToDraft } from './setting-input';

const GROUP_ORDER = ['allgemein', 'fahrzeug', 'leseraum'] as const;
type KnownGroup = (typeof GROUP_ORDER)[number];

const OPTIONS: ReadonlyMap<string, SettingOption> = new Map(SETTING_CATALOGUE.map((o) => [o.name, o]));

function isKnownGroup(feature: string): feature is KnownGroup {
  return (GROUP_ORDER as readonly string[]).includes(feature);
}

function display(value: unknown, on: string, off: string, name: (v: string) => string): string {
  if (typeof value === 'boolean') return value ? on : off;
  if (typeof value === 'string') return name(value);
  if (Array.isArray(value)) return value.map((v) => name(String(v))).join(', ');
  return JSON.stringify(value) ?? String(value);
}

/** The API sends the default in its stored text form ('false', '["18:00"]'); decode it with the shared rule. */
function decodedDefault(setting: EffectiveSetting, option: SettingOption | undefined): unknown {
  const raw = setting.defaultValue;
  if (typeof raw !== 'string' || setting.type === 'string' || setting.type === 'time') return raw;
  try {
    return option ? decodeSettingValue(option, raw) : (JSON.parse(raw) as unknown);
  } catch {
    return raw;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function SettingRow({ setting }: { setting: EffectiveSetting }) {
  const { t } = useTranslation('admin');
  const option = OPTIONS.get(setting.name);
  const save = useSaveTenantSetting();
  const [draft, setDraft] = useState<Draft>(() => valueToDraft(setting));
  const [invalid, setInvalid] = useState(false);
  const value = draftToValue(setting, option, draft);
  const changed = !sameValue(value, setting.value);
  const defaultText = display(decodedDefault(setting, option), t('settings.on'), t('settings.off'), (v) => settingValueText(t, v));

  const submit = () => {
    // The shared rule decides validity (src/domain/settings.ts); the server checks again.
    if (option && !isValidSettingValue(option, value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(
      { name: setting.name, value },
      { onSuccess: () => notifications.show({ color: 'green', message: t('settings.saved', { name: setting.name }) }) },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`setting-${setting.name}`} data-setting={setting.name}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Code id={`setting-${setting.name}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {setting.name}
            </Code>
            <Badge variant="light" color={setting.source === 'DEFAULT' ? 'gray' : 'buchbar'} tt="none" title={t('settings.sourceLabel')}>
              {t(`settings.source.${setting.source}`)}
            </Badge>
          </Group>
          <SettingInput
            setting={setting}
            option={option}
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setInvalid(false);
              save.reset();
            }}
            error={invalid ? t('settings.invalid') : undefined}
            disabled={save.isPending}
          />
          <Text size="xs" c="dimmed">
            {t('settings.defaultValue', { value: defaultText === '' ? t('settings.emptyList') : defaultText })}
          </Text>
          {save.isError ? (
            <Alert color="red" role="alert" py="xs">
              {save.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" size="sm" disabled={!changed} loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /admin/einstellungen: tenant-level settings grouped by feature, saved one row at a time at layer MANDANT. */
export function SettingsAdmin() {
  const { t } = useTranslation('admin');
  const settings = useAdminSettings();

  const groups = useMemo(() => {
    const tenantSettings = (settings.data?.settings ?? []).filter((s) => s.layers.includes('MANDANT'));
    const features = [...new Set(tenantSettings.map((s) => s.feature))].sort((a, b) => {
      const ia = GROUP_ORDER.indexOf(a as KnownGroup);
      const ib = GROUP_ORDER.indexOf(b as KnownGroup);
      return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b);
    });
    return features.map((feature) => ({ feature, settings: tenantSettings.filter((s) => s.feature === feature) }));
  }, [settings.data]);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed">{t('settings.intro')}</Text>
      </Stack>
      {settings.isPending ? (
        <Loader aria-label={t('settings.title')} />
      ) : settings.isError ? (
        <Alert color="red" role="alert">
          {settings.error.message}
        </Alert>
      ) : groups.length === 0 ? (
        <Text>{t('settings.empty')}</Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.feature} gap="sm" component="section" aria-labelledby={`settings-group-${group.feature}`}>
            <Title order={2} id={`settings-group-${group.feature}`}>
              {isKnownGroup(group.feature) ? t(`settings.groups.${group.feature}`) : group.feature}
            </Title>
            {group.settings.map((setting) => (
              <SettingRow key={`${setting.name}:${JSON.stringify(setting.value)}:${setting.source}`} setting={setting} />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
