import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Spin } from '@arco-design/web-react';
import type { Factory } from '../../model/auth';
import { sessionFactories } from '../state/factories';
import { factoryIdAtom, menuLoadedAtom, tokenAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';

/** Factory selection and entry (SPEC §2): shown after login when the user has several factories and none is chosen. */
export function FactorySelectPage() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [factoryId, setFactoryId] = useAtom(factoryIdAtom);
  const setMenuLoaded = useSetAtom(menuLoadedAtom);
  const [factories, setFactories] = useState<Factory[] | null>(null);

  useEffect(() => {
    if (!token) return;
    void sessionFactories().then(setFactories);
  }, [token]);

  if (!token) return <Navigate to={`/${lang}/login`} replace />;

  function enter(id: string) {
    setFactoryId(id);
    setMenuLoaded(false);
    navigate(`/${lang}`, { replace: true });
  }

  return (
    <div className="factory-page" data-testid="factory-select">
      <h1>{t('factory.selectTitle')}</h1>
      {factories === null ? (
        <Spin />
      ) : (
        <Grid.Row gutter={16}>
          {factories.map((f) => (
            <Grid.Col key={f.id} xs={24} sm={12} md={8}>
              {/* A button to the keyboard as well: Tab reaches each plant, Enter or Space enters it. */}
              <Card
                hoverable
                className={`factory-card${f.id === factoryId ? ' is-current' : ''}`}
                onClick={() => enter(f.id)}
                data-testid={`factory-${f.code}`}
                role="button"
                tabIndex={0}
                aria-current={f.id === factoryId || undefined}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    enter(f.id);
                  }
                }}
              >
                <div className="factory-name">{f.name}</div>
                <div className="factory-code">{f.code}</div>
              </Card>
            </Grid.Col>
          ))}
        </Grid.Row>
      )}
    </div>
  );
}
