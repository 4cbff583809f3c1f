/**
 * Names and roles that Arco Design's own markup leaves out and that no prop of it can give, put
 * on the rendered elements (for the shell and every React sub-app). Each entry names the Arco
 * markup it mends; what a prop can do (labels of our own inputs, names of our own buttons) is done
 * there instead.
 *
 * React leaves attributes it did not render alone, and sets the ones it did only when their value
 * changes, so what is put here stays until Arco draws the element anew (then it is put again).
 */

import type { i18n as I18n } from 'i18next';
import { mendPasswordEyes } from './arco-password';

/** Texts in the user's language for what Arco leaves nameless. */
export interface ArcoA11yTexts {
  selectRow: string;
  selectAll: string;
  goToPage: string;
  showPassword: string;
}

/** What a keyboard reaches: a disabled control is not (an empty table's select-all box). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The attributes this module put on each element: only those it puts again, in another language. */
const putHere = new WeakMap<Element, Set<string>>();

/** Puts a name or attribute where there is none (or ours); a text not yet loaded (empty) is put later. */
function setIfMissing(el: Element, name: string, value: string) {
  if (!value) return;
  const ours = putHere.get(el);
  if (el.hasAttribute(name) && !ours?.has(name)) return;
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  if (ours) ours.add(name);
  else putHere.set(el, new Set([name]));
}

/** The text of the label tied to `id` (Arco ties a form item's label to its control's root), if any. */
function labelFor(doc: Document, id: string): string {
  if (!id) return '';
  const label = doc.querySelector(`label[for="${CSS.escape(id)}"]`);
  return label?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Mends what is rendered under `root` now. */
export function mendArco(root: ParentNode, doc: Document, texts: ArcoA11yTexts): void {
  // Menu: an inline submenu's header is a div with aria-expanded and no role; it is the menu's item that opens the group.
  for (const el of root.querySelectorAll('.arco-menu-inline-header:not([role])')) el.setAttribute('role', 'menuitem');

  // Tabs: the titles are tabs without a tablist around them; their panes are not drawn when a tab
  // holds no content (the shell's tabs), so aria-controls points nowhere; an editable tab's close
  // icon is a focusable button inside the tab, a second stop per tab (the tab's actions menu and
  // the shortcut close it by keyboard), so it is kept for the mouse only.
  for (const header of root.querySelectorAll('.arco-tabs-header:not([role])')) {
    if (header.querySelector(':scope > [role="tab"]')) header.setAttribute('role', 'tablist');
  }
  for (const tab of root.querySelectorAll('[role="tab"][aria-controls]')) {
    const target = tab.getAttribute('aria-controls') ?? '';
    if (!doc.getElementById(target)) tab.removeAttribute('aria-controls');
  }
  for (const close of root.querySelectorAll('[role="tab"] .arco-tabs-close-icon[role="button"]')) {
    close.removeAttribute('role');
    close.removeAttribute('tabindex');
    close.setAttribute('aria-hidden', 'true');
  }

  // InputNumber: without bounds (a number is never clamped as it is typed; its rule refuses it) Arco
  // writes aria-valuemin="-Infinity" and aria-valuemax="Infinity", which are no numbers: no bound is said.
  for (const el of root.querySelectorAll('[role="spinbutton"][aria-valuemax="Infinity"]'))
    el.removeAttribute('aria-valuemax');
  for (const el of root.querySelectorAll('[role="spinbutton"][aria-valuemin="-Infinity"]'))
    el.removeAttribute('aria-valuemin');

  // Pagination: the page-size chooser is a div with an aria-label but no role; its select and the
  // page jumper's input have no name.
  for (const el of root.querySelectorAll('.arco-pagination-option[aria-label]:not([role])'))
    el.setAttribute('role', 'group');
  for (const el of root.querySelectorAll('.arco-pagination-jumper-input'))
    setIfMissing(el, 'aria-label', texts.goToPage);

  // Select: the text input inside the combobox has no name; it takes the name of the label tied to
  // the select (Arco ties it to the select's root, which is no input), else of the form item it is
  // in, else of the group around it, else its placeholder.
  for (const input of root.querySelectorAll('input.arco-select-view-input:not([aria-label])')) {
    const select = input.closest('.arco-select');
    const item = input.closest('.arco-form-item');
    const name =
      labelFor(doc, select?.id ?? '') ||
      labelFor(doc, select?.parentElement?.id ?? '') ||
      item?.querySelector('.arco-form-label-item label')?.textContent?.replace(/\s+/g, ' ').trim() ||
      input.closest('[aria-label]')?.getAttribute('aria-label') ||
      input.getAttribute('placeholder') ||
      '';
    if (name) input.setAttribute('aria-label', name);
  }

  // Password: the eye that shows the password is a focusable icon with no name and no role.
  mendPasswordEyes(root, texts.showPassword);

  // Select with a search box: the box is the stop, but the combobox around it stays one too and hands
  // its focus back to the box, so Shift+Tab from the box never leaves it (a keyboard trap).
  for (const input of root.querySelectorAll('input.arco-select-view-input:not([tabindex="-1"])')) {
    const combobox = input.closest('[role="combobox"][tabindex="0"]');
    if (combobox) combobox.setAttribute('tabindex', '-1');
  }

  // Table: the row selection's check boxes have no name.
  for (const input of root.querySelectorAll('.arco-table-th input[type="checkbox"]'))
    setIfMissing(input, 'aria-label', texts.selectAll);
  for (const input of root.querySelectorAll('.arco-table-td input[type="checkbox"]'))
    setIfMissing(input, 'aria-label', texts.selectRow);

  // Table: a table wider than its box scrolls; with no row (nothing focusable in it) a keyboard could not scroll it.
  for (const el of root.querySelectorAll<HTMLElement>('.arco-table-content-inner')) {
    const scrolls = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    if (scrolls && !el.querySelector(FOCUSABLE)) setIfMissing(el, 'tabindex', '0');
  }
}

/**
 * Keeps mending the document as Arco draws; `texts` is read each time. `textsChanged` subscribes to
 * the texts changing (their language loaded or switched), so that a screen drawn before its texts
 * came is named once they come, though nothing is drawn after. Returns the function that stops it.
 */
export function watchArcoA11y(
  doc: Document,
  texts: () => ArcoA11yTexts,
  textsChanged: (again: () => void) => () => void = () => () => undefined,
): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    mendArco(doc, doc, texts());
  };
  // A timer, not an animation frame: a hidden frame gets none, and its screen is mended before it is shown.
  const schedule = () => {
    if (queued) return;
    queued = true;
    setTimeout(run, 30);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true });
  const unsubscribe = textsChanged(schedule);
  run();
  return () => {
    observer.disconnect();
    unsubscribe();
  };
}

/** Calls `again` whenever an i18next instance gets texts (a language's bundle arrived) or switches language. */
export function onTextsChange(i18n: I18n, again: () => void): () => void {
  i18n.store.on('added', again);
  i18n.on('languageChanged', again);
  return () => {
    i18n.store.off('added', again);
    i18n.off('languageChanged', again);
  };
}
