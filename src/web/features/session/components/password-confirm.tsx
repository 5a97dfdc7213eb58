import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the password again before a sensitive change (re-authentication), then runs it. */
export function PasswordConfirm({
  label,
  submitLabel,
  pending,
  error,
  onConfirm,
  color,
  children,
  onCancel,
  cancelLabel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (password: string) => void;
  color?: string;
  /** Fields of the change itself, shown above the password. */
  children?: ReactNode;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const { t } = useTranslation('session');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (password) onConfirm(password);
      }}
      noValidate
    >
      <Stack gap="xs">
        <Text size="sm">{label}</Text>
        {children}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {cancelLabel}
            </Button>
          ) : null}
          <Button type="submit" color={color} loading={pending} disabled={!password}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
