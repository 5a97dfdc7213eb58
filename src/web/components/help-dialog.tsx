import { List, Modal, Stack, Text, Title } from '@mantine/core';
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


export type HelpTopic = 'howItWorks' | 'rules';

/** The dialogs "So funktioniert's" and "Regeln"; loaded with the first click on a help entry (DESIGN §7). */
export default function HelpDialog({ topic, onClose }: { topic: HelpTopic | null; onClose: () => void }) {
  const { t } = useTranslation('help');
  const { t: tc } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': tc('actions.close') }} opened={topic !== null} onClose={onClose} title={topic ? t(`${topic}.title`) : ''} size="lg">
      {topic === 'rules' ? <RulesContent /> : <HowItWorksContent />}
    </Modal>
  );
}
