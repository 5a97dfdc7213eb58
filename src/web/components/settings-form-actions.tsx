import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons under a tenant's connection settings (single sign-on over
 * OpenID Connect or SAML, the LDAP directory): save, whatever the section adds
 * once it is set up, and remove. `remove` is a promise so that its message
 * shows even when removing unmounts the form (the section then shows another
 * protocol or an empty form).
 */
export function SettingsFormActions({
  saveLabel,
  saving,
  configured,
  extra,
  remove,
}: {
  saveLabel: string;
  saving: boolean;
  configured: boolean;
  extra?: ReactNode;
  remove: { label: string; pending: boolean; run: () => Promise<unknown> };
}) {
  return (
    <Group>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
      {configured ? (
        <>
          {extra}
          <Button variant="subtle" color="red" loading={remove.pending} onClick={() => void remove.run()}>
            {remove.label}
          </Button>
        </>
      ) : null}
    </Group>
  );
}
