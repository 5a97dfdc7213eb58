import { Button, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

const STEPS = ['area', 'time', 'book', 'checkIn', 'cancel'] as const;
const RULES = ['fair', 'checkIn', 'quiet', 'clean', 'licence', 'logbook', 'special'] as const;

function HowItWorksContent() {
  const { t } = useTranslation('help');
  return (
    <Stack gap="sm">
      <Text>{t('howItWorks.intro')}</Text>
      <List type="ordered" spacing="sm">
        {STEPS.map((step) => (
          <List.Item key={step}>
            <Title order={3} size="h5">
              {t(`howItWorks.steps.${step}.title`)}
            </Title>
            <Text size="sm">{t(`howItWorks.steps.${step}.text`)}</Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm">{t('howItWorks.settings')}</Text>
    </Stack>
  );
}

function RulesContent() {
  const { t } = useTranslation('help');
  return (
    <Stack gap="sm">
      <Text>{t('rules.intro')}</Text>
      <List spacing="xs">
        {RULES.map((rule) => (
          <List.Item key={rule}>{t(`rules.items.${rule}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Header entries "So funktioniert's" and "Regeln" with their modal dialogs (SPEC §2). */
export function HelpButtons({ fullWidth = false, onOpen }: { fullWidth?: boolean; onOpen?: () => void }) {
  const { t } = useTranslation('nav');
  const { t: th } = useTranslation('help');
  const { t: tc } = useTranslation();
  const [howOpened, how] = useDisclosure(false);
  const [rulesOpened, rules] = useDisclosure(false);
  const justify = fullWidth ? 'flex-start' : 'center';
  return (
    <>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => (onOpen?.(), how.open())}>
        {t('howItWorks')}
      </Button>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => (onOpen?.(), rules.open())}>
        {t('rules')}
      </Button>
      <Modal closeButtonProps={{ 'aria-label': tc('actions.close') }} opened={howOpened} onClose={how.close} title={th('howItWorks.title')} size="lg">
        <HowItWorksContent />
      </Modal>
      <Modal closeButtonProps={{ 'aria-label': tc('actions.close') }} opened={rulesOpened} onClose={rules.close} title={th('rules.title')} size="lg">
        <RulesContent />
      </Modal>
    </>
  );
}
