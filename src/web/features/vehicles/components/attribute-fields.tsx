import { type AttributeDefinition, isVisible } from '@domain/vehicle-attributes';
import { Checkbox, Group, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ObjectAttribute } from '../api/use-vehicle-attributes';

const toDef = (a: ObjectAttribute): AttributeDefinition => ({
  id: a.id,
  type: a.type,
  label: a.label,
  choices: a.choices,
  conditions: a.conditions,
});
const mandatory = (a: ObjectAttribute) => a.conditions.some((c) => c.type === 'MANDATORY');

/** Renders object attributes as inputs: SHOW_IF hides, MANDATORY marks required (the server checks again). */
export function AttributeFields({
  attributes,
  values,
  onChange,
}: {
  attributes: ObjectAttribute[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('vehicles');
  const set = (id: string, v: string) => onChange({ ...values, [id]: v });
  return (
    <Stack gap="sm">
      {attributes
        .filter((a) => isVisible(toDef(a), values))
        .map((a) => {
          const value = values[a.id] ?? '';
          const required = mandatory(a);
          switch (a.type) {
            case 'RADIOS':
              return (
                <Radio.Group key={a.id} label={a.label} withAsterisk={required} value={value} onChange={(v) => set(a.id, v)}>
                  <Group mt={4}>
                    {a.choices.map((c) => (
                      <Radio key={c.key} value={c.key} label={c.text} />
                    ))}
                  </Group>
                </Radio.Group>
              );
            case 'DROPDOWN':
              return (
                <Select
                  key={a.id}
                  label={a.label}
                  withAsterisk={required}
                  data={a.choices.map((c) => ({ value: c.key, label: c.text }))}
                  value={value || null}
                  onChange={(v) => set(a.id, v ?? '')}
                  clearable={!required}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            case 'NUMBER':
              return (
                <NumberInput
                  key={a.id}
                  label={a.label}
                  withAsterisk={required}
                  value={value === '' ? '' : Number(value)}
                  onChange={(v) => set(a.id, v === '' ? '' : String(v))}
                />
              );
            case 'CHECKBOX':
              return (
                <Checkbox
                  key={a.id}
                  label={a.label}
                  checked={value === 'true'}
                  onChange={(e) => set(a.id, e.currentTarget.checked ? 'true' : 'false')}
                />
              );
            default:
              return (
                <TextInput
                  key={a.id}
                  label={a.label}
                  withAsterisk={required}
                  value={value}
                  onChange={(e) => set(a.id, e.currentTarget.value)}
                />
              );
          }
        })}
      {attributes.some(mandatory) && (
        <span style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>* {t('attributes.mandatory')}</span>
      )}
    </Stack>
  );
}
