import type { LicenceState } from '@domain/driving-licence';
import { Badge, Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { STATE_COLOURS } from '@web/components/own-licence-panel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before a search reaches the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * The search of the examiner's two lists (employees, guests): the typed text,
 * the term sent to the server once typing pauses, and `onSearch` (back to page
 * 1) whenever the text changes.
 */
export function useListSearch(onSearch: () => void) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, SEARCH_PAUSE_MS);
  return {
    q,
    field: {
      value: text,
      onChange: (value: string) => {
        setText(value);
        onSearch();
      },
    },
  };
}

/** The search field of both lists; the placeholder names what the list's search matches. */
export function ListSearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation('licences');
  return (
    <TextInput
      label={t('search')}
      placeholder={placeholder}
      value={value}
      maxLength={100}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={480}
    />
  );
}

/** The licence state as a coloured badge with its German (or English) name: colour is never the only signal. */
export function StateBadge({ state }: { state: LicenceState }) {
  const { t } = useTranslation('licences');
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" tt="none" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** Page switcher of the examiner's lists; hidden when everything fits on one page. */
export function ListPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('licences');
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t('previous') : t('next') })}
      />
      <Text size="sm" c="dimmed">
        {t('page', { page, pages })}
      </Text>
    </Group>
  );
}
