import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * The filter above the fleet's lists of people by state (licence checks,
 * driver instructions): everybody, everybody due, or one state, each chip
 * with its count; one choice at a time, announced as a radio group.
 */
export function StateFilter<S extends string>({
  label,
  value,
  onChange,
  states,
  counts,
  dueCount,
  texts,
}: {
  label: string;
  value: 'all' | 'due' | S;
  onChange: (value: 'all' | 'due' | S) => void;
  states: readonly S[];
  counts: Partial<Record<S, number>> | undefined;
  dueCount: number | undefined;
  texts: { all: string; due: string; state: (s: S) => string };
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Chip.Group multiple={false} value={value as string} onChange={(v: string) => onChange(v as 'all' | 'due' | S)}>
        <Group gap={6} aria-labelledby={id} role="radiogroup">
          <Chip value="all" size="sm">
            {texts.all}
          </Chip>
          <Chip value="due" size="sm">
            {texts.due} ({dueCount ?? 0})
          </Chip>
          {states.map((s) => (
            <Chip key={s} value={s} size="sm">
              {texts.state(s)} ({counts?.[s] ?? 0})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
