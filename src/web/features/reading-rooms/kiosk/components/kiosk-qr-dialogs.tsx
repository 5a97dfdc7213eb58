import type { KioskBoardResponse } from '@contracts/reading-rooms';
import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { QrCode } from '@web/components/qr-code';
import { useKT } from '../use-kt';

type KioskObject = KioskBoardResponse['objects'][number];

/** One place's check-in code, large enough to scan from a phone in front of the display. */
export function KioskQrDialog({ object, origin, onClose }: { object: KioskObject; origin: string; onClose: () => void }) {
  const kt = useKT();
  const title = kt('kiosk.qrTitle', { name: object.designation });
  return (
    <Modal opened onClose={onClose} title={title} centered size="auto">
      <Stack align="center">
        <QrCode text={`${origin}${object.checkInUrl}`} size={280} label={title} />
        <Text>{kt('kiosk.qrHint')}</Text>
      </Stack>
    </Modal>
  );
}

/** Every place's check-in code at once, for printing or scanning in the room. */
export function KioskAllQrDialog({ objects, origin, onClose }: { objects: KioskObject[]; origin: string; onClose: () => void }) {
  const kt = useKT();
  return (
    <Modal opened onClose={onClose} title={kt('kiosk.qrAll')} fullScreen>
      <SimpleGrid cols={{ base: 3, sm: 5, lg: 8 }} spacing="md">
        {objects.map((o) => (
          <Stack key={o.id} align="center" gap={4}>
            <QrCode text={`${origin}${o.checkInUrl}`} size={110} label={kt('kiosk.qrTitle', { name: o.designation })} />
            <Text fw={700}>{o.designation}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
