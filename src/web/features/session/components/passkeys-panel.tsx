import type { OwnPasskey } from '@contracts/session';
import { formatDate } from '@domain/time';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyProblem, passkeysSupported, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/use-passkeys';
import { PasswordConfirm } from './password-confirm';

const NAME_MAX = 60;

/** The text of a failed passkey step in the person's language (never the browser's English). */
function useProblemText() {
  const { t } = useTranslation('session');
  return (error: unknown): string | null => {
    if (!error) return null;
    const p = passkeyProblem(error);
    if (p.kind === 'server') return p.message;
    return p.kind === 'cancelled' ? t('passkeys.cancelled') : t('passkeys.browserFailed');
  };
}

function PasskeyRow({ passkey }: { passkey: OwnPasskey }) {
  const { t } = useTranslation('session');
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [action, setAction] = useState<'none' | 'rename' | 'remove'>('none');
  const [name, setName] = useState(passkey.name);
  const close = () => {
    setAction('none');
    rename.reset();
    remove.reset();
  };
  return (
    <Card withBorder padding="sm" data-testid="own-passkey">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={500} style={{ wordBreak: 'break-word' }}>
              {passkey.name}
            </Text>
            {passkey.createdAt ? (
              <Text size="sm" c="dimmed">
                {t('passkeys.added', { date: formatDate(passkey.createdAt) })}
              </Text>
            ) : null}
          </Stack>
          {action === 'none' ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                aria-label={t('passkeys.renameOf', { name: passkey.name })}
                onClick={() => {
                  setName(passkey.name);
                  setAction('rename');
                }}
              >
                {t('passkeys.rename')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                aria-label={t('passkeys.removeOf', { name: passkey.name })}
                onClick={() => setAction('remove')}
              >
                {t('passkeys.remove')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {action === 'rename' ? (
          <PasswordConfirm
            label={t('passkeys.renameIntro')}
            submitLabel={t('passkeys.save')}
            pending={rename.isPending}
            error={rename.error?.message ?? null}
            onCancel={close}
            cancelLabel={t('passkeys.cancel')}
            onConfirm={(password) => name.trim() && rename.mutate({ id: passkey.id, name: name.trim(), password }, { onSuccess: close })}
          >
            <TextInput
              label={t('passkeys.name')}
              value={name}
              maxLength={NAME_MAX}
              required
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </PasswordConfirm>
        ) : null}
        {action === 'remove' ? (
          <PasswordConfirm
            label={t('passkeys.removeIntro')}
            submitLabel={t('passkeys.remove')}
            color="red"
            pending={remove.isPending}
            error={remove.error?.message ?? null}
            onCancel={close}
            cancelLabel={t('passkeys.cancel')}
            onConfirm={(password) => remove.mutate({ id: passkey.id, password }, { onSuccess: close })}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

function AddPasskey() {
  const { t } = useTranslation('session');
  const add = useAddPasskey();
  const problem = useProblemText();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!open)
    return (
      <Group>
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('passkeys.add')}
        </Button>
      </Group>
    );
  return (
    <PasswordConfirm
      label={t('passkeys.addIntro')}
      submitLabel={t('passkeys.add')}
      pending={add.isPending}
      error={problem(add.error)}
      onCancel={() => {
        setOpen(false);
        add.reset();
      }}
      cancelLabel={t('passkeys.cancel')}
      onConfirm={(password) =>
        add.mutate(
          { password, name },
          {
            onSuccess: () => {
              setOpen(false);
              setName('');
            },
          },
        )
      }
    >
      <TextInput
        label={t('passkeys.name')}
        placeholder={t('passkeys.namePlaceholder')}
        value={name}
        maxLength={NAME_MAX}
        onChange={(e) => setName(e.currentTarget.value)}
      />
    </PasswordConfirm>
  );
}

/** Settings dialog: the own passkeys (decision 145); every change asks for the password again. */
export function PasskeysPanel({ passkeys }: { passkeys: readonly OwnPasskey[] }) {
  const { t } = useTranslation('session');
  return (
    <Stack gap="sm" data-testid="passkeys">
      <Title order={3} size="h5">
        {t('passkeys.title')}
      </Title>
      <Text size="sm">{t('passkeys.intro')}</Text>
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('passkeys.none')}
        </Text>
      ) : (
        passkeys.map((p) => <PasskeyRow key={p.id} passkey={p} />)
      )}
      {passkeysSupported() ? (
        <AddPasskey />
      ) : (
        <Alert color="gray" role="status">
          {t('passkeys.unsupported')}
        </Alert>
      )}
    </Stack>
  );
}
