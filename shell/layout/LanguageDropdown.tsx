import type { ReactElement, ReactNode } from 'react';
import { Dropdown } from '@arco-design/web-react';

/** The language list's pop-up, loaded at the first click: the login page shows only its button until then. */
export default function LanguageDropdown({
  droplist,
  open,
  onOpenChange,
  children,
}: {
  droplist: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}) {
  return (
    <Dropdown droplist={droplist} position="br" trigger="click" popupVisible={open} onVisibleChange={onOpenChange}>
      {children}
    </Dropdown>
  );
}
