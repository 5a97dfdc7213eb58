import { type FormEvent, useState } from 'react';

type Validators<T> = { [K in keyof T]?: (value: T[K], values: T) => string | null };

/**
 * A very small form state for the public pages (login, forgot password, set
 * password): values, per-field errors shown after submit, and a submit handler
 * that validates first. Kept off the first screen's bundle on purpose; bigger
 * forms use @mantine/form.
 */
export function useValidatedForm<T extends Record<string, string>>(initialValues: T, validators: Validators<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});

  const validate = (current: T): Partial<Record<keyof T, string>> => {
    const found: Partial<Record<keyof T, string>> = {};
    for (const key of Object.keys(validators) as (keyof T)[]) {
      const message = validators[key]?.(current[key], current);
      if (message) found[key] = message;
    }
    return found;
  };

  const field = <K extends keyof T>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  const onSubmit = (handler: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    handler(values);
  };

  const reset = () => {
    setValues(initialValues);
    setErrors({});
  };

  return { values, field, onSubmit, reset };
}
