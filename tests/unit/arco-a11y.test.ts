import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { mendArco, onTextsChange, watchArcoA11y } from '../../bridge/arco-a11y';

const TEXTS = {
  selectRow: 'Select this row',
  selectAll: 'Select all rows on this page',
  goToPage: 'Go to page',
  showPassword: 'Show password',
};

function mended(html: string): HTMLElement {
  document.body.innerHTML = html;
  mendArco(document, document, TEXTS);
  return document.body;
}

describe('what Arco markup lacks is put on it', () => {
  it('a menu group header is a menu item', () => {
    const body = mended(
      '<div role="menu"><div class="arco-menu-inline-header" tabindex="0" aria-expanded="true" aria-controls="x"></div></div>',
    );
    expect(body.querySelector('.arco-menu-inline-header')!.getAttribute('role')).toBe('menuitem');
  });

  it('tabs get their tablist, lose aria-controls that point nowhere, and the close icon is no focus stop', () => {
    const body =
      mended(`<div class="arco-tabs-header"><div role="tab" tabindex="0" aria-controls="pane-0">A<span role="button" tabindex="0" class="arco-tabs-close-icon"></span></div>
      <div role="tab" tabindex="0" aria-controls="pane-1">B</div></div><div id="pane-1"></div>`);
    expect(body.querySelector('.arco-tabs-header')!.getAttribute('role')).toBe('tablist');
    const [a, b] = body.querySelectorAll('[role="tab"]');
    expect(a!.hasAttribute('aria-controls')).toBe(false);
    expect(b!.getAttribute('aria-controls')).toBe('pane-1');
    const close = body.querySelector('.arco-tabs-close-icon')!;
    expect(close.hasAttribute('tabindex')).toBe(false);
    expect(close.hasAttribute('role')).toBe(false);
    expect(close.getAttribute('aria-hidden')).toBe('true');
  });

  it("a select's input is named by the label tied to the select, else by its form item's label", () => {
    const body = mended(`<label for="status_input">Status</label>
      <div id="status_input" class="arco-select" role="combobox" tabindex="0"><input class="arco-select-view-input" tabindex="-1"></div>
      <div class="arco-form-item"><div class="arco-form-label-item"><label>Type</label></div>
        <div class="arco-select" role="combobox" tabindex="0"><input class="arco-select-view-input"></div></div>`);
    const [status, type] = body.querySelectorAll('input');
    expect(status!.getAttribute('aria-label')).toBe('Status');
    expect(type!.getAttribute('aria-label')).toBe('Type');
    // A select with a search box: the box is the one stop (Shift+Tab from it must leave it).
    expect(type!.closest('[role="combobox"]')!.getAttribute('tabindex')).toBe('-1');
    expect(status!.closest('[role="combobox"]')!.getAttribute('tabindex')).toBe('0');
  });

  it('a number input without bounds says none, instead of Infinity, which is no number', () => {
    const body = mended(`<input id="open" role="spinbutton" aria-valuemax="Infinity" aria-valuemin="-Infinity">
      <input id="bounded" role="spinbutton" aria-valuemax="10" aria-valuemin="1">`);
    const open = body.querySelector('#open')!;
    expect(open.hasAttribute('aria-valuemax')).toBe(false);
    expect(open.hasAttribute('aria-valuemin')).toBe(false);
    const bounded = body.querySelector('#bounded')!;
    expect([bounded.getAttribute('aria-valuemin'), bounded.getAttribute('aria-valuemax')]).toEqual(['1', '10']);
  });

  it('row check boxes, the page jumper, the page-size group and the password eye are named', () => {
    const body =
      mended(`<table><tr><th class="arco-table-th"><input type="checkbox"></th></tr><tr><td class="arco-table-td"><input type="checkbox"></td></tr></table>
      <div class="arco-pagination-option" aria-label="page size"></div><input class="arco-pagination-jumper-input">
      <svg class="arco-input-password-visibility-icon" tabindex="0"></svg>`);
    expect(body.querySelector('th input')!.getAttribute('aria-label')).toBe(TEXTS.selectAll);
    expect(body.querySelector('td input')!.getAttribute('aria-label')).toBe(TEXTS.selectRow);
    expect(body.querySelector('.arco-pagination-option')!.getAttribute('role')).toBe('group');
    expect(body.querySelector('.arco-pagination-jumper-input')!.getAttribute('aria-label')).toBe(TEXTS.goToPage);
    const eye = body.querySelector('.arco-input-password-visibility-icon')!;
    expect(eye.getAttribute('role')).toBe('button');
    expect(eye.getAttribute('aria-label')).toBe(TEXTS.showPassword);
  });

  it('a screen drawn before its texts came is named once they come, and named again in another language', async () => {
    document.body.innerHTML = '<table><tr><td class="arco-table-td"><input type="checkbox"></td></tr></table>';
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: {}, initAsync: false });
    const stop = watchArcoA11y(
      document,
      () => ({ ...TEXTS, selectRow: i18n.exists('common:selectRow') ? i18n.t('common:selectRow') : '' }),
      (again) => onTextsChange(i18n, again),
    );
    const box = document.querySelector('td input')!;
    expect(box.hasAttribute('aria-label')).toBe(false);
    // Nothing is drawn after this: only the texts arrive.
    i18n.addResourceBundle('en', 'common', { selectRow: 'Select this row' });
    await vi.waitFor(() => expect(box.getAttribute('aria-label')).toBe('Select this row'));
    i18n.addResourceBundle('vi', 'common', { selectRow: 'Chọn dòng này' });
    await i18n.changeLanguage('vi');
    await vi.waitFor(() => expect(box.getAttribute('aria-label')).toBe('Chọn dòng này'));
    // A name the screen gave itself stays its own.
    const own = document.createElement('input');
    own.type = 'checkbox';
    own.setAttribute('aria-label', 'Mine');
    document.querySelector('td')!.append(own);
    await i18n.changeLanguage('en');
    await vi.waitFor(() => expect(box.getAttribute('aria-label')).toBe('Select this row'));
    expect(own.getAttribute('aria-label')).toBe('Mine');
    stop();
  });

  it('a table wider than its box with nothing a keyboard reaches in it (an empty list: select-all disabled) is a focus stop', () => {
    const table = (checkbox: string) => {
      document.body.innerHTML = `<div class="arco-table-content-inner"><table><thead><tr><th class="arco-table-th">${checkbox}</th></tr></thead></table></div>`;
      const inner = document.querySelector<HTMLElement>('.arco-table-content-inner')!;
      Object.defineProperty(inner, 'scrollWidth', { value: 1500 });
      Object.defineProperty(inner, 'clientWidth', { value: 1000 });
      mendArco(document, document, TEXTS);
      return inner.getAttribute('tabindex');
    };
    expect(table('<input type="checkbox" disabled>')).toBe('0');
    // With rows the select-all box is a stop of its own: the region needs none.
    expect(table('<input type="checkbox">')).toBeNull();
  });

  it('a text not loaded yet is not put as an empty name', () => {
    document.body.innerHTML = '<table><tr><td class="arco-table-td"><input type="checkbox"></td></tr></table>';
    mendArco(document, document, { ...TEXTS, selectRow: '' });
    expect(document.querySelector('td input')!.hasAttribute('aria-label')).toBe(false);
  });
});
