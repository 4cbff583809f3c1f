/**
 * What the first-factor login forms (account and password, mobile and SMS code) share: the fields (a
 * label, the control and its message, checked on submit and again as a shown error is corrected), the
 * tenant's field and the form with its button. Arco's form look without Arco's Form, whose validation
 * and layout code (with lodash) would be a large part of what the login page downloads.
 */
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '@arco-design/web-react';

/** A check of one value: the message to show, or null when it passes. */
export type Check = (value: string) => string | null;

export const required =
  (message: string): Check =>
  (v) =>
    v.trim() ? null : message;
export const matches =
  (pattern: RegExp, message: string): Check =>
  (v) =>
    !v.trim() || pattern.test(v.trim()) ? null : message;

export function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const first = (checks: readonly Check[], v: string) => checks.map((c) => c(v)).find((m) => m) ?? undefined;
  /** Sets a value; an error shown for it is checked again. */
  function set(key: K, value: string, checks: readonly Check[] = []) {
    setValues((p) => ({ ...p, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: first(checks, value) } : e));
  }
  return {
    values,
    errors,
    set,
    /** What the field's input takes: its value, its change (checked as above) and its error look. */
    bind(key: K, checks: readonly Check[] = []) {
      const status = errors[key] ? ('error' as const) : undefined;
      return { status, value: values[key], onChange: (v: string) => set(key, v, checks) };
    },
    /** Checks the fields given and shows their messages; true when all pass. */
    validate(checks: Partial<Record<K, readonly Check[]>>): boolean {
      const found: Partial<Record<K, string>> = {};
      for (const key of Object.keys(checks) as K[]) found[key] = first(checks[key] ?? [], values[key]);
      setErrors((e) => ({ ...e, ...found }));
      return Object.values(found).every((m) => !m);
    },
  };
}

export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label className="login-field-label" htmlFor={id}>
        <span className="login-field-required" aria-hidden>
          *
        </span>
        {label}
      </label>
      {children}
      <div className="login-field-message" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

/** A login form: `onSubmit` runs on Enter or the button, which shows `submitting`. */
export function LoginForm({
  onSubmit,
  submitting,
  submitTestId,
  formRef,
  autoComplete,
  children,
}: {
  onSubmit: () => void;
  submitting: boolean;
  submitTestId: string;
  formRef?: RefObject<HTMLFormElement | null>;
  autoComplete?: 'on';
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <form
      ref={formRef}
      className="login-form"
      autoComplete={autoComplete}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Button type="primary" htmlType="submit" long loading={submitting} data-testid={submitTestId}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** The tenant code's field of a login form whose fields are `useFields`' (with a `tenantCode`). */
export function TenantCodeField({
  id,
  form,
  checks,
}: {
  id: string;
  form: Pick<ReturnType<typeof useFields<'tenantCode'>>, 'errors' | 'bind'>;
  checks: readonly Check[];
}) {
  const { t } = useTranslation('shell');
  const error = form.errors.tenantCode;
  return (
    <Field id={id} label={t('login.tenantCode')} error={error}>
      <Input
        id={id}
        name="tenantCode"
        {...form.bind('tenantCode', checks)}
        placeholder={t('login.tenantCodePlaceholder')}
      />
    </Field>
  );
}
