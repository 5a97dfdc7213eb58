import { Alert, Badge, Button, Card, FileButton, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TenantAdminData, useTenantAdmin, useTenantAdminMutations } from '../api/use-tenant-admin';
import { SingleSignOnSettings } from './single-sign-on-settings';

type Mutations = ReturnType<typeof useTenantAdminMutations>;
const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro ? (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

function General({ data, m }: { data: TenantAdminData; m: Mutations }) {
  const { t } = useTranslation('clients');
  const [name, setName] = useState(data.name);
  const [customerName, setCustomerName] = useState(data.customerName ?? '');
  return (
    <Section title={t('general')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          m.save.mutate(
            { name, customerName: customerName.trim() || null },
            { onSuccess: () => notifications.show({ color: 'green', message: t('saved') }), onError: failed },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={200} />
          <TextInput
            label={t('customerName')}
            value={customerName}
            onChange={(e) => setCustomerName(e.currentTarget.value)}
            maxLength={200}
          />
          <Text size="sm" c="dimmed">
            {t('subIdentifier')}: {data.subIdentifier}
          </Text>
          <Group>
            <Button type="submit" loading={m.save.isPending} disabled={!name.trim()}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function Domains({ data, m }: { data: TenantAdminData; m: Mutations }) {
  const { t } = useTranslation('clients');
  const [domain, setDomain] = useState('');
  return (
    <Section title={t('domains')} intro={t('domainsIntro')}>
      <Stack gap={6} role="list">
        {data.domains.map((d) => (
          <Group key={d.domain} justify="space-between" wrap="nowrap" role="listitem">
            <Group gap="xs" wrap="wrap" miw={0}>
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {d.domain}
              </Text>
              {d.current ? (
                <Badge variant="light" tt="none">
                  {t('current')}
                </Badge>
              ) : null}
            </Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={d.current}
              title={d.current ? t('currentHint') : undefined}
              aria-label={t('removeDomainLabel', { domain: d.domain })}
              onClick={() =>
                m.removeDomain.mutate(d.domain, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('domainRemoved', { domain: d.domain }) }),
                  onError: failed,
                })
              }
            >
              {t('removeDomain')}
            </Button>
          </Group>
        ))}
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const wanted = domain.trim().toLowerCase();
          m.addDomain.mutate(wanted, {
            onSuccess: () => {
              setDomain('');
              notifications.show({ color: 'green', message: t('domainAdded', { domain: wanted }) });
            },
            onError: failed,
          });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('newDomain')}
            placeholder="buchung.beispiel.de"
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            maxLength={253}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={m.addDomain.isPending} disabled={!domain.trim()}>
            {t('addDomain')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function Features({ data }: { data: TenantAdminData }) {
  const { t } = useTranslation('clients');
  const names = t('featureNames', { returnObjects: true }) as Record<string, string>;
  return (
    <Section title={t('features')} intro={t('featuresIntro')}>
      <Group gap="xs">
        {data.features.map((f) => (
          <Badge key={f} color="green" variant="light" tt="none" size="lg">
            {names[f] ?? f}
          </Badge>
        ))}
      </Group>
    </Section>
  );
}

function Logo({ data, m }: { data: TenantAdminData; m: Mutations }) {
  const { t } = useTranslation('clients');
  return (
    <Section title={t('logo')} intro={t('logoIntro')}>
      {data.hasLogo ? (
        <img
          src={`/api/tenant/logo?v=${Date.now()}`}
          alt={t('logo')}
          style={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      ) : (
        <Text size="sm">{t('noLogo')}</Text>
      )}
      <Group gap="sm">
        <FileButton
          accept="image/png,image/jpeg"
          onChange={(file) =>
            file &&
            m.uploadLogo.mutate(file, { onSuccess: () => notifications.show({ color: 'green', message: t('logoSaved') }), onError: failed })
          }
        >
          {(props) => (
            <Button {...props} variant="default" loading={m.uploadLogo.isPending}>
              {t('chooseLogo')}
            </Button>
          )}
        </FileButton>
        {data.hasLogo ? (
          <Button
            variant="subtle"
            color="red"
            loading={m.removeLogo.isPending}
            onClick={() =>
              m.removeLogo.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('logoRemoved') }),
                onError: failed,
              })
            }
          >
            {t('removeLogo')}
          </Button>
        ) : null}
      </Group>
    </Section>
  );
}

function Texts({ data, m }: { data: TenantAdminData; m: Mutations }) {
  const { t } = useTranslation('clients');
  const [privacyText, setPrivacy] = useState(data.privacyText);
  const [imprintText, setImprint] = useState(data.imprintText);
  return (
    <Section title={t('texts')} intro={t('textsIntro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          m.save.mutate(
            { privacyText, imprintText },
            { onSuccess: () => notifications.show({ color: 'green', message: t('saved') }), onError: failed },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('privacyText')}
            value={privacyText}
            onChange={(e) => setPrivacy(e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
          />
          <Textarea
            label={t('imprintText')}
            value={imprintText}
            onChange={(e) => setImprint(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={10}
          />
          <Group>
            <Button type="submit" loading={m.save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** /admin/mandanten: the signed-in admin's own tenant; refusals (domain taken or in use) come from the server verbatim. */
export function TenantAdmin() {
  const { t } = useTranslation('clients');
  const q = useTenantAdmin();
  const m = useTenantAdminMutations();
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      {q.isPending ? (
        <Loader aria-label={t('title')} />
      ) : q.isError ? (
        <Alert color="red" role="alert">
          {q.error.message}
        </Alert>
      ) : (
        <>
          <General key={`g-${q.data.name}-${q.data.customerName}`} data={q.data} m={m} />
          <Domains data={q.data} m={m} />
          <Features data={q.data} />
          <Logo data={q.data} m={m} />
          <Texts data={q.data} m={m} />
          <SingleSignOnSettings />
        </>
      )}
    </Stack>
  );
}
