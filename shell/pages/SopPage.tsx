import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Result, Spin } from '@arco-design/web-react';
import type { HelpDocument } from '../../model/help';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { useLanguage } from '../hooks/useLanguage';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { RichText } from '../components/RichText';

/** SPEC §2: the public view of a SOP or help document, in the URL's language. */
export function SopPage() {
  const { t } = useTranslation('shell');
  const { id } = useParams();
  const lang = useLanguage();
  const [doc, setDoc] = useState<HelpDocument | 'missing' | null>(null);

  useEffect(() => {
    if (!id) return setDoc('missing');
    setDoc(null);
    void callApi(contract.help.sop, { params: { id }, query: { lang }, showError: false }).then((res) =>
      setDoc(res.code === 200 ? res.data : 'missing'),
    );
  }, [id, lang]);

  return (
    <div className="sop-page" data-testid="sop-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      {doc === null && <Spin />}
      {doc === 'missing' && <Result status="404" subTitle={t('help.notMaintained')} />}
      {doc && doc !== 'missing' && (
        <article className="sop-article">
          <h1>{doc.title}</h1>
          <RichText html={doc.content} />
        </article>
      )}
    </div>
  );
}
