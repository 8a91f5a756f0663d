import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { FairnessVerifier } from '../../features/originals';
import { useLocalizedPath } from '../../lib/use-locale';

/** `/fairness?round={id}`: recompute any round of the in-house games in the browser. */
export function FairnessPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const roundId = searchParams.get('round');
  return (
    <div>
      <PageHeader
        title={t('Originals.verify.title')}
        subtitle={t('Originals.verify.subtitle')}
        icon={<ShieldCheck className="size-5" aria-hidden="true" />}
        back={{ to: localized('/'), label: t('Shared.back_to_casino') }}
      />
      <FairnessVerifier key={roundId ?? ''} roundId={roundId} />
    </div>
  );
}
