import { useTranslation } from 'react-i18next';
import { Accordion } from '@/components/accordion';

const welcomeQuestions = [
  'how_welcome',
  'wager',
  'max_bet',
  'deadline',
  'several',
  'cancel',
] as const;
const everydayQuestions = [
  'how_everyday',
  'when',
  'wager',
  'max_bet',
  'deadline',
  'cancel',
] as const;

type Question = (typeof welcomeQuestions)[number] | (typeof everydayQuestions)[number];

/** The drawer's questions and answers, per variant. */
export function BonusFaq({ variant }: { variant: 'welcome' | 'everyday' }) {
  const { t } = useTranslation();
  const questions: readonly Question[] =
    variant === 'welcome' ? welcomeQuestions : everydayQuestions;
  return (
    <section data-testid="bonus-faq" className="flex flex-col gap-3">
      <h3 className="text-base font-bold text-ink-100">{t('Bonuses.faq.title')}</h3>
      <Accordion
        items={questions.map((question) => ({
          id: question,
          title: t(`Bonuses.faq.${question}.question`),
          content: t(`Bonuses.faq.${question}.answer`),
        }))}
      />
    </section>
  );
}
