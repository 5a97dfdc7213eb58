import { Anchor, List, Modal, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
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

/** The handbook page each dialog belongs to (docs/handbuch, served by the server under /handbuch). */
const HANDBOOK_PAGE: Record<HelpTopic, string> = { howItWorks: '/handbuch/buchende', rules: '/handbuch/buchende#regeln' };

function HandbookLink({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation('help');
  return (
    <Anchor href={HANDBOOK_PAGE[topic]} target="_blank" rel="noopener" size="sm" mt="md" display="inline-block">
      {t('handbook')}
      <VisuallyHidden> ({t('newTab')})</VisuallyHidden>
    </Anchor>
  );
}

/** The dialogs "So funktioniert's" and "Regeln"; loaded with the first click on a help entry (docs/product.md#performance-budgets). */
export default function HelpDialog({ topic, onClose }: { topic: HelpTopic | null; onClose: () => void }) {
  const { t } = useTranslation('help');
  const { t: tc } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
      opened={topic !== null}
      onClose={onClose}
      title={topic ? t(`${topic}.title`) : ''}
      size="lg"
    >
      {topic === 'rules' ? <RulesContent /> : <HowItWorksContent />}
      {topic && <HandbookLink topic={topic} />}
    </Modal>
  );
}
