import { useTranslation } from 'react-i18next';
import type { TaskSignature } from '../../../model/workflow/signature';
import { formatTime } from './status';

/** "Signed by NAME (MEANING), TIME" in the user's language. */
export function SignatureText({ signature }: { signature: TaskSignature }) {
  const { t } = useTranslation('platform');
  return (
    <span data-testid="signature" data-meaning={signature.meaning}>
      {t('flow.signedBy', {
        name: signature.signerName,
        meaning: t(`common:signature.meaning.${signature.meaning}`),
        time: formatTime(signature.at),
      })}
    </span>
  );
}
