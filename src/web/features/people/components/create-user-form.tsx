import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUser } from '../api/use-create-user';

const EMPTY = { firstName: '', lastName: '', email: '', employeeId: '' };

/** Creates a person; the server mails the invitation with the link to set a password. */
export function CreateUserForm() {
  const { t } = useTranslation('admin');
  const create = useCreateUser();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  if (!open) {
    return (
      <Group>
        <Button onClick={() => setOpen(true)}>{t('users.create.open')}</Button>
      </Group>
    );
  }
  const valid = form.firstName.trim() && form.lastName.trim() && form.email.includes('@');
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { ...form, employeeId: form.employeeId.trim() || null },
            {
              onSuccess: (user) => {
                notifications.show({ color: 'green', message: t('users.create.done', { email: user.email }) });
                setForm(EMPTY);
                setOpen(false);
              },
              onError: (error) => notifications.show({ color: 'red', message: error.message }),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('users.create.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.create.firstName')} required maxLength={100} {...field('firstName')} />
            <TextInput label={t('users.create.lastName')} required maxLength={100} {...field('lastName')} />
            <TextInput label={t('users.email')} type="email" required maxLength={320} {...field('email')} />
            <TextInput label={t('users.employeeId')} maxLength={50} {...field('employeeId')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!valid}>
              {t('users.create.submit')}
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('users.create.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
