import type { OwnSession } from '@contracts/session';
import { formatDateTime } from '@domain/time';
import { Alert, Badge, Button, Card, Code, Group, PinInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QrCode } from '@web/components/qr-code';
import { useMe } from '@web/lib/use-me';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useConfirmEnrolment,
  useDisableSecondFactor,
  useEndSession,
  useRenewRecoveryCodes,
  useSecurity,
  useStartEnrolment,
} from '../api/use-security';
import { PasskeysPanel } from './passkeys-panel';
import { PasswordConfirm } from './password-confirm';

function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('session');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('security.recoveryCodes')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('security.recoveryHint')}
      </Text>
      <SimpleGrid cols={2} spacing={4} data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c}>{c}</Code>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Enrolment() {
  const { t } = useTranslation('session');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');

  if (!start.data)
    return (
      <PasswordConfirm
        label={t('security.enrolIntro')}
        submitLabel={t('security.enrol')}
        pending={start.isPending}
        error={start.isError ? start.error.message : null}
        onConfirm={(password) => start.mutate(password)}
      />
    );

  const { totpUri, secret, recoveryCodes } = start.data;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('security.scan')}</Text>
      <Group align="flex-start" wrap="wrap" gap="lg">
        <QrCode text={totpUri} size={176} label={t('security.qrLabel')} />
        <Stack gap={4} maw={300}>
          <Text size="sm" fw={500}>
            {t('security.manualKey')}
          </Text>
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        </Stack>
      </Group>
      <RecoveryCodes codes={recoveryCodes} />
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {confirm.error.message}
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.length === 6) confirm.mutate(code);
        }}
      >
        <Stack gap={4}>
          <Text component="label" size="sm" fw={500} htmlFor="enrol-code-1">
            {t('security.firstCode')}
          </Text>
          <Group wrap="wrap">
            <PinInput
              id="enrol-code"
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-label={t('security.firstCode')}
            />
            <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
              {t('security.activate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function ActiveFactor() {
  const { t } = useTranslation('session');
  const disable = useDisableSecondFactor();
  const renew = useRenewRecoveryCodes();
  const [action, setAction] = useState<'none' | 'disable' | 'renew'>('none');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('security.activeIntro')}</Text>
      {renew.data ? <RecoveryCodes codes={renew.data.recoveryCodes} /> : null}
      {action === 'none' ? (
        <Group wrap="wrap">
          <Button variant="default" onClick={() => setAction('renew')}>
            {t('security.renewCodes')}
          </Button>
          <Button variant="default" color="red" onClick={() => setAction('disable')}>
            {t('security.disable')}
          </Button>
        </Group>
      ) : (
        <PasswordConfirm
          label={action === 'disable' ? t('security.disableIntro') : t('security.renewIntro')}
          submitLabel={action === 'disable' ? t('security.disable') : t('security.renewCodes')}
          color={action === 'disable' ? 'red' : undefined}
          pending={disable.isPending || renew.isPending}
          error={(action === 'disable' ? disable.error?.message : renew.error?.message) ?? null}
          onConfirm={(password) =>
            action === 'disable'
              ? disable.mutate(password, { onSuccess: () => setAction('none') })
              : renew.mutate(password, { onSuccess: () => setAction('none') })
          }
        />
      )}
    </Stack>
  );
}

/** "Firefox auf Windows", "curl", "Browser auf Linux": the server reads the names from the user agent (@domain/client-name). */
function deviceOf(client: OwnSession['client'], t: TFunction<'session'>): string {
  if (client?.program && client.system) return t('security.programOnSystem', { program: client.program, system: client.system });
  if (client?.program) return client.program;
  if (client?.system) return t('security.browserOnSystem', { system: client.system });
  return t('security.unknownDevice');
}

function SessionRow({ s }: { s: OwnSession }) {
  const { t } = useTranslation('session');
  const end = useEndSession();
  return (
    <Card withBorder padding="sm" data-testid="own-session">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Group gap="xs">
            <Text fw={500}>{deviceOf(s.client, t)}</Text>
            {s.current ? (
              <Badge variant="light" tt="none">
                {t('security.thisDevice')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('security.lastUsed', { at: formatDateTime(s.lastUsedAt) })}
            {s.ipAddress ? ` · ${s.ipAddress}` : ''}
          </Text>
        </Stack>
        {s.current ? null : (
          <Button size="xs" variant="default" color="red" loading={end.isPending} onClick={() => end.mutate(s.id)}>
            {t('security.endSession')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Settings dialog: second factor (authenticator app), passkeys and the own open sessions. */
export function SecurityTab() {
  const { t } = useTranslation('session');
  const security = useSecurity();
  const me = useMe();
  if (security.isError)
    return (
      <Alert color="red" role="alert">
        {security.error.message}
      </Alert>
    );
  if (!security.data) return <Text size="sm">{t('security.loading')}</Text>;
  const { twoFactorEnabled, sessions, passkeys } = security.data;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {t('security.secondFactor')}
          </Title>
          <Badge variant="light" tt="none" color={twoFactorEnabled ? 'green' : 'gray'}>
            {twoFactorEnabled ? t('security.on') : t('security.off')}
          </Badge>
        </Group>
        {me.secondFactorMissing ? (
          <Alert color="orange" role="status">
            {t('security.requiredForAdmins')}
          </Alert>
        ) : null}
        {twoFactorEnabled ? <ActiveFactor /> : <Enrolment />}
      </Stack>
      <PasskeysPanel passkeys={passkeys} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('security.sessions')}
        </Title>
        {sessions.map((s) => (
          <SessionRow key={s.id} s={s} />
        ))}
      </Stack>
    </Stack>
  );
}
