import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** One name field and a button: how a role or group begins. */
export function CreateForm({
  label,
  button,
  busy,
  onCreate,
}: {
  label: string;
  button: string;
  busy: boolean;
  onCreate: (name: string) => void;
}) {
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onCreate(name.trim());
        setName('');
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" loading={busy} disabled={!name.trim()}>
          {button}
        </Button>
      </Group>
    </form>
  );
}
