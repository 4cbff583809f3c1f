import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { settingsAtom } from '../state/atoms';

/** Puts the font size setting on the page's root element, where bridge/page-type.css turns it into the rem every text size is in. */
export function useFontSize() {
  const { size } = useAtomValue(settingsAtom);
  useEffect(() => {
    document.documentElement.dataset.fontSize = size;
  }, [size]);
}
