import { i18n } from './i18n';

let started = false;

/**
 * Starts mending the names and roles Arco's markup leaves out (the menu's groups, the tabs, the
 * selects, the tables, the password's eye: bridge/arco-a11y.ts). It loads with the first page after
 * the login's, so the login page, which names its one password eye itself, stays light.
 */
export function startArcoA11y(): void {
  if (started) return;
  started = true;
  const text = (key: string) => (i18n.exists(key) ? i18n.t(key) : '');
  import('../bridge/arco-a11y').then(
    ({ onTextsChange, watchArcoA11y }) => {
      watchArcoA11y(
        document,
        () => ({
          selectRow: text('common:a11y.selectRow'),
          selectAll: text('common:a11y.selectAll'),
          goToPage: text('common:a11y.goToPage'),
          showPassword: text('shell:login.showPassword'),
        }),
        (again) => onTextsChange(i18n, again),
      );
    },
    () => {
      started = false;
    },
  );
}
