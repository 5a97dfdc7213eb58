import { Card, Group, ScrollArea, Table, Text, Title } from '@mantine/core';
import { KEYBOARD_SCROLL } from '@web/components/keyboard-scroll';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  label: string;
  numeric?: boolean;
  render: (row: T) => ReactNode;
}

/** One titled table of figures with its downloads; wide tables scroll sideways on phones. */
export function FiguresTable<T>({
  title,
  columns,
  rows,
  rowKey,
  actions,
  maxHeight,
  footer,
  loading = false,
}: {
  title: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  actions?: ReactNode;
  maxHeight?: number;
  /** A note under the table. */
  footer?: ReactNode;
  /** The rows are still on their way: no "no data" until they are known. */
  loading?: boolean;
}) {
  const { t } = useTranslation('evaluation');
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" role={loading ? 'status' : undefined}>
          {loading ? t('loading') : t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto" {...KEYBOARD_SCROLL}>
          <Table striped highlightOnHover stickyHeader withTableBorder={false} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} style={{ textAlign: c.numeric ? 'right' : 'left', whiteSpace: 'nowrap' }}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ textAlign: c.numeric ? 'right' : 'left', whiteSpace: c.numeric ? 'nowrap' : undefined }}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {footer}
    </Card>
  );
}
