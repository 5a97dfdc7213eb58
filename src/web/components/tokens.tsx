import { formatDate } from '@domain/time';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { Alert, Badge, Button, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pieces every kind of access token shares on screen (API tokens,
 * provisioning tokens, webhook secrets): a value to copy, the secret shown
 * once after it was made, the validity choice and the list with its states.
 */

/** A read-only value with a copy button; the button names what it copies. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`${label}: ${t('actions.copy')}`}>
            {copied ? t('actions.copied') : t('actions.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** A secret right after it was made: shown this once, to copy; the server keeps only its hash or its encryption. */
export function SecretOnce({ message, label, value }: { message: string; label: string; value: string }) {
  return (
    <Stack gap="xs" data-secret-once>
      <Alert color="green" role="status">
        {message}
      </Alert>
      <CopyField label={label} value={value} />
    </Stack>
  );
}

/** How long a new token lasts, offered as the dates it would end on. */
export function ValiditySelect({
  label,
  days,
  value,
  onChange,
}: {
  label: string;
  days: readonly string[];
  value: string;
  onChange: (days: string) => void;
}) {
  const today = berlinDay(new Date());
  return (
    <Select
      label={label}
      data={days.map((d) => ({ value: d, label: formatDate(`${addDays(today, Number(d))}T12:00:00Z`) }))}
      value={value}
      onChange={(v) => onChange(v ?? value)}
      allowDeselect={false}
    />
  );
}

export interface ListedToken {
  id: string;
  name: string;
  hint: string;
  revokedAt: string | null;
  expired: boolean;
}

export type TokenState = 'active' | 'expired' | 'revoked';
export const tokenState = (t: ListedToken): TokenState => (t.revokedAt ? 'revoked' : t.expired ? 'expired' : 'active');

/** The tokens with name, hint and state; every token not yet revoked can be revoked from here. */
export function TokenList<T extends ListedToken>({
  tokens,
  label,
  texts,
  revoking,
  onRevoke,
  details,
}: {
  tokens: readonly T[];
  label: string;
  texts: { state: (s: TokenState) => string; revoke: string; revokeLabel: (name: string) => string };
  /** The id of the token whose revocation is under way. */
  revoking: string | null;
  onRevoke: (id: string) => void;
  details: (token: T) => ReactNode;
}) {
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {tokens.map((token) => {
        const state = tokenState(token);
        return (
          <Stack
            key={token.id}
            gap={2}
            role="listitem"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap" miw={0}>
                <Text fw={600}>{token.name}</Text>
                <Text size="sm" ff="monospace" c="dimmed">
                  {token.hint}
                </Text>
                <Badge variant="light" color={state === 'active' ? 'green' : 'gray'} tt="none">
                  {texts.state(state)}
                </Badge>
              </Group>
              {state !== 'revoked' ? (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={texts.revokeLabel(token.name)}
                  loading={revoking === token.id}
                  onClick={() => onRevoke(token.id)}
                >
                  {texts.revoke}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {details(token)}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
