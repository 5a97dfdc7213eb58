import type { PublicBike } from '@contracts/guests';
import { formatDate, formatTime } from '@domain/time';
import { berlinInstant } from '@domain/vehicle-time';
import { Alert, Box, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LanguageSwitch } from '@web/components/language-switch';
import { currentLanguage, useLanguage } from '@web/lib/i18n';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmRequest } from '../api/use-confirm-request';
import { useFreeBikes } from '../api/use-free-bikes';
import { useRentalInfo } from '../api/use-rental-info';
import { useRequestBike } from '../api/use-request-bike';
import { BikePicture } from './bike-picture';
import { dayChoices, defaultPeriod, timeChoices } from './choices';
import { useErrorText } from './error-text';

/**
 * /public: the guest bike rental of a tenant (only where switched on). A
 * visitor picks a day and time, sees the free bikes with photo and
 * attributes, and requests one with name and e-mail; the mail's link
 * (?anfrage=…) confirms the request and reserves the bike.
 */
export function RentalPage({ confirmToken }: { confirmToken: string | undefined }) {
  const { t, i18n } = useTranslation('guests');
  const errorText = useErrorText();
  const info = useRentalInfo();
  return (
    <Stack gap="md" p="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('rental.title')}
          </Title>
          {/* A line kept while loading, so the language switch beside it does not move when the name arrives. */}
          <Text c="dimmed">{info.data?.tenantName ?? '\u00a0'}</Text>
          {/* The contact sits under the name, not under the results, which would push it off the screen when they come. */}
          {info.data?.active && info.data.contact && (
            <Text size="sm" c="dimmed">
              {info.data.contact}
            </Text>
          )}
        </Stack>
        <LanguageSwitch />
      </Group>
      {info.isPending && <Loader size="sm" />}
      {info.error && <Alert color="red">{errorText(info.error)}</Alert>}
      {info.data && !info.data.active && (
        <Alert color="yellow" role="status">
          {t('rental.off')}
        </Alert>
      )}
      {info.data?.active &&
        (confirmToken ? <ConfirmRequest token={confirmToken} /> : <Finder phoneRequired={info.data.phoneRequired} key={i18n.language} />)}
    </Stack>
  );
}

function ConfirmRequest({ token }: { token: string }) {
  const { t } = useTranslation('guests');
  const errorText = useErrorText();
  const confirm = useConfirmRequest();
  const sent = useRef(false);
  useEffect(() => {
    // A confirmation link works once: never post it twice.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  if (confirm.isPending || confirm.isIdle)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('rental.confirming')}</Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      {confirm.error && (
        <Alert color="red" role="alert">
          {errorText(confirm.error)}
        </Alert>
      )}
      {confirm.data && (
        <Alert color="green" role="status" title={t('rental.confirmedTitle')}>
          <Text fw={600}>
            {t('rental.pickUp', {
              bike: `${confirm.data.vehicle} (${confirm.data.licensePlate})`,
              date: formatDate(confirm.data.von),
              from: formatTime(confirm.data.von),
              to: formatTime(confirm.data.bis),
            })}
          </Text>
          <Text>{confirm.data.message}</Text>
        </Alert>
      )}
      <Button component="a" href="/public" variant="light" w="fit-content">
        {t('rental.again')}
      </Button>
    </Stack>
  );
}

function Finder({ phoneRequired }: { phoneRequired: boolean }) {
  const { t } = useTranslation('guests');
  const errorText = useErrorText();
  const days = dayChoices(14, useLanguage());
  // Bikes go out between 07:00 and 21:00; the page opens on two hours from the next half hour, or tomorrow morning.
  const [start] = useState(() => defaultPeriod(new Date(), { earliest: '09:00', latest: '21:00', minutes: 120, atLeast: 60 }));
  const [day, setDay] = useState(start.day);
  const [from, setFrom] = useState(start.from);
  const [to, setTo] = useState(start.to);
  const [chosen, setChosen] = useState<PublicBike | null>(null);
  const valid = to > from;
  const bikes = useFreeBikes(day, from, to, valid);
  const times = timeChoices('07:00', '21:00');

  if (chosen)
    return <RequestForm bike={chosen} day={day} from={from} to={to} phoneRequired={phoneRequired} onBack={() => setChosen(null)} />;
  return (
    <Stack gap="md">
      <Text>{t('rental.intro')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect label={t('rental.day')} data={days} value={day} onChange={(e) => setDay(e.currentTarget.value)} w={170} />
        <NativeSelect label={t('rental.from')} data={times} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={100} />
        <NativeSelect label={t('rental.to')} data={times} value={to} onChange={(e) => setTo(e.currentTarget.value)} w={100} />
      </Group>
      {!valid && <Alert color="yellow">{t('rental.invalidPeriod')}</Alert>}
      {bikes.isFetching && <Loader size="sm" />}
      {bikes.error && (
        <Alert color="red" role="alert">
          {errorText(bikes.error)}
        </Alert>
      )}
      {bikes.data && (
        <>
          <Text fw={600} role="status">
            {bikes.data.bikes.length === 0 ? t('rental.none') : t('rental.free', { count: bikes.data.bikes.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {bikes.data.bikes.map((b) => (
              <Card key={b.key} withBorder radius="md" padding="sm" data-testid="bike-card">
                <Card.Section>
                  <BikePicture bike={b} />
                </Card.Section>
                <Stack gap={4} mt="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{b.licensePlate}</Text>
                    <Text size="sm" c="dimmed">
                      {b.category}
                    </Text>
                  </Group>
                  <Text size="sm">{b.label}</Text>
                  <Text size="sm" c="dimmed">
                    {[
                      b.colour && `${t('rental.colour')}: ${b.colour}`,
                      b.gearbox && `${t('rental.gearbox')}: ${b.gearbox}`,
                      `${t('rental.drive')}: ${b.drive}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('rental.location')}: {b.location}
                  </Text>
                  <Button mt="xs" onClick={() => setChosen(b)}>
                    {t('rental.choose')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function RequestForm(p: { bike: PublicBike; day: string; from: string; to: string; phoneRequired: boolean; onBack: () => void }) {
  const { t } = useTranslation('guests');
  const errorText = useErrorText();
  const request = useRequestBike();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [website, setWebsite] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate({
      bike: p.bike.key,
      day: p.day,
      from: p.from,
      to: p.to,
      name,
      email,
      ...(phone.trim() ? { phone } : {}),
      locale: currentLanguage(),
      ...(website ? { website } : {}),
    });
  };
  const when = `${formatDate(berlinInstant(p.day, '12:00'))}, ${p.from}–${p.to}`;
  if (request.isSuccess)
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {request.data.message}
        </Alert>
        <Button variant="light" onClick={p.onBack} w="fit-content">
          {t('rental.again')}
        </Button>
      </Stack>
    );
  return (
    <Card withBorder radius="md" padding="md" maw={520} component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('rental.requestTitle', { bike: `${p.bike.licensePlate} (${p.bike.label})` })}
        </Title>
        <Text>{when}</Text>
        <TextInput
          label={t('rental.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          autoComplete="name"
          maxLength={100}
        />
        <TextInput
          label={t('rental.email')}
          required
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          maxLength={254}
        />
        <TextInput
          label={p.phoneRequired ? t('rental.phone') : t('rental.phoneOptional')}
          required={p.phoneRequired}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          autoComplete="tel"
          maxLength={40}
        />
        {/* Honeypot: off-screen for people, tempting for form-filling bots. */}
        <Box style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden="true">
          <TextInput
            label={t('rental.website')}
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.currentTarget.value)}
            name="website"
          />
        </Box>
        {request.error && (
          <Alert color="red" role="alert">
            {errorText(request.error)}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('rental.privacy')}
        </Text>
        <Group>
          <Button type="submit" loading={request.isPending}>
            {t('rental.send')}
          </Button>
          <Button variant="default" onClick={p.onBack}>
            {t('rental.back')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
