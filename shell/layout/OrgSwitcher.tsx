import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Select } from '@arco-design/web-react';
import type { OrgOption } from '../../model/auth';
import { accountEndpoints } from '../api/accountEndpoints';
import { orgCodeAtom } from '../state/atoms';
import { confirmDiscard } from './unsaved';

/** Switches the current organisation; its code is kept and every open sub-app is told (through the context). */
export function OrgSwitcher() {
  const { t } = useTranslation('shell');
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  const [orgCode, setOrgCode] = useAtom(orgCodeAtom);

  useEffect(() => {
    let live = true;
    void accountEndpoints.organizations().then((res) => {
      if (!live || res.code !== 200) return;
      setOrgs(res.data);
      if (!res.data.some((o) => o.orgCode === orgCode)) setOrgCode(res.data[0]?.orgCode ?? null);
    });
    return () => {
      live = false;
    };
    // Once per mount; the list does not change while the shell is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (orgs.length === 0) return null;
  return (
    // The switcher keeps its width: a long name shows whole on hover, and whole in the list.
    <span title={orgs.find((o) => o.orgCode === orgCode)?.orgName}>
      <Select
        data-testid="org-switcher"
        triggerProps={{ autoAlignPopupWidth: false }}
        value={orgCode ?? undefined}
        placeholder={t('org.choose')}
        style={{ width: 180 }}
        onChange={(code: string) => {
          void confirmDiscard().then((ok) => {
            if (ok) setOrgCode(code);
          });
        }}
        options={orgs.map((o) => ({ label: o.orgName, value: o.orgCode }))}
      />
    </span>
  );
}
