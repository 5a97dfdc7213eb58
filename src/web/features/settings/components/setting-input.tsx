import { MultiSelect, NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import '@web/lib/dayjs';
import type { SettingOption } from '@domain/settings';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EffectiveSetting } from '../api/use-admin-settings';

/** The option's description in the reader's language: English by name where known, else the catalogue's German text. */
export function settingLabel(t: TFunction<'admin'>, setting: Pick<EffectiveSetting, 'name' | 'description'>): string {
  const english = (t('settings.descriptions', { returnObjects: true }) as unknown as Record<string, string>)[setting.name];
  return english || setting.description || setting.name;
}

/** A stored option value (weekday, rhythm, cleanliness, language) by its name in the reader's language; others as stored. */
export function settingValueText(t: TFunction<'admin'>, value: string): string {
  const known = t('settings.values', { returnObjects: true }) as unknown as Record<string, string>;
  return Object.hasOwn(known, value) ? known[value]! : value;
}

/** What an input holds while editing; turned into the setting's value by draftToValue. */
export type Draft = number | string | boolean | string[];

export function valueToDraft(setting: EffectiveSetting): Draft {
  const { type, value } = setting;
  switch (type) {
    case 'number':
      return typeof value === 'number' ? value : '';
    case 'boolean':
      return value === true;
    case 'string':
    case 'time':
      return typeof value === 'string' ? value : '';
    case 'array':
      return Array.isArray(value) ? value.map((item) => String(item)) : [];
  }
}

/** The typed value to send; array items of number options become numbers again. */
export function draftToValue(setting: EffectiveSetting, option: SettingOption | undefined, draft: Draft): unknown {
  switch (setting.type) {
    case 'number':
      return typeof draft === 'number' ? draft : draft === '' ? null : Number(draft);
    case 'boolean':
      return draft === true;
    case 'string':
    case 'time':
      return typeof draft === 'string' ? draft : String(draft);
    case 'array': {
      const items = Array.isArray(draft) ? draft.map((item) => item.trim()).filter((item) => item !== '') : [];
      return option?.items === 'number' ? items.map(Number) : items;
    }
  }
}

interface SettingInputProps {
  setting: EffectiveSetting;
  option: SettingOption | undefined;
  draft: Draft;
  onChange: (draft: Draft) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The input that fits the option's type: NumberInput, Switch, TextInput/Select,
 * TimePicker in 24-hour HH:mm (the native time input follows the browser's
 * locale and may show AM/PM), TagsInput/MultiSelect.
 */
export function SettingInput({ setting, option, draft, onChange, error, disabled }: SettingInputProps) {
  const { t } = useTranslation('admin');
  const label = settingLabel(t, setting);
  const options = (allowed: readonly string[]) => allowed.map((value) => ({ value, label: settingValueText(t, value) }));
  const common = { label, error, disabled };
  // Narrow inputs, but the label keeps the full width of the row.
  const width = (maxWidth: number) => ({ styles: { wrapper: { maxWidth } } });

  switch (setting.type) {
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof draft === 'number' || typeof draft === 'string' ? draft : ''}
          onChange={(value) => onChange(value)}
          min={option?.min}
          max={option?.max}
          allowDecimal={!option?.integer}
          allowNegative={option?.min === undefined || option.min < 0}
          thousandSeparator={false}
          hideControls
          {...width(220)}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          disabled={disabled}
          error={error}
          checked={draft === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onLabel={t('settings.on')}
          offLabel={t('settings.off')}
          size="md"
        />
      );
    case 'time':
      return (
        <TimePicker
          {...common}
          format="24h"
          value={typeof draft === 'string' ? draft : ''}
          onChange={(value) => onChange(value)}
          hoursInputLabel={t('settings.hours')}
          minutesInputLabel={t('settings.minutes')}
          {...width(160)}
        />
      );
    case 'string':
      return option?.allowed ? (
        <Select
          {...common}
          data={options(option.allowed)}
          value={typeof draft === 'string' && draft !== '' ? draft : null}
          onChange={(value) => onChange(value ?? '')}
          allowDeselect={false}
          {...width(360)}
        />
      ) : (
        <TextInput
          {...common}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          {...width(520)}
        />
      );
    case 'array':
      return option?.allowed ? (
        <MultiSelect
          {...common}
          data={options(option.allowed)}
          value={Array.isArray(draft) ? draft : []}
          onChange={(value) => onChange(value)}
          {...width(520)}
        />
      ) : (
        <TagsInput
          {...common}
          value={Array.isArray(draft) ? draft : []}
          onChange={(value) => onChange(value)}
          placeholder={t('settings.tagsPlaceholder')}
          clearable
          clearButtonProps={{ 'aria-label': t('settings.clear') }}
          {...width(520)}
        />
      );
  }
}
