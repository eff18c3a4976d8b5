// @vitest-environment happy-dom
// The validation flow a person sees: nothing while typing first, everything after a submit, then
// each message gone as soon as its field is fixed; the summary links move focus to the field.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';
import { byField, serverProblems, useFieldErrors } from './field-errors';
import { fromSchema } from './schema-problems';
import { TextField } from './text-field';

afterEach(cleanup);

interface Contacts {
  name: string;
  phone: string;
}

const plainRules = byField<Contacts>({
  name: ({ name }) => (name.trim() ? null : 'Введите имя'),
  phone: ({ phone }) => (/^\+7\d{10}$/.test(phone) ? null : 'Введите телефон в формате +79991234567'),
});

const schemaRules = fromSchema<Contacts>(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.nonEmpty('Введите имя')),
    phone: v.pipe(v.string(), v.regex(/^\+7\d{10}$/, 'Введите телефон в формате +79991234567')),
  }),
);

function ContactFields({
  values,
  problems,
  edit,
}: {
  values: Contacts;
  problems: Record<string, string>;
  edit: (key: keyof Contacts) => (value: string) => void;
}) {
  const labels = { name: 'Имя', phone: 'Телефон' } as const;
  return (
    <>
      {(['name', 'phone'] as const).map((key) => (
        <TextField
          key={key}
          id={key}
          label={labels[key]}
          value={values[key]}
          error={problems[key]}
          onValueChange={edit(key)}
        />
      ))}
    </>
  );
}

function ContactsForm({ rules }: { rules: (values: Contacts) => Record<string, string> }) {
  const [values, setValues] = useState<Contacts>({ name: '', phone: '' });
  const { problems, summary, submits, check, recheck } = useFieldErrors(rules);
  const [sent, setSent] = useState(false);
  const edit = (key: keyof Contacts) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setSent(check(values));
      }}
    >
      <ErrorSummary errors={summary} focusKey={submits} />
      <ContactFields values={values} problems={problems} edit={edit} />
      <button type="submit">Далее</button>
      {sent ? <p>Отправлено</p> : null}
    </form>
  );
}

describe.each([
  ['plain rules', plainRules],
  ['a valibot schema', schemaRules],
])('useFieldErrors with %s', (_, rules) => {
  it('shows nothing before a submit, then a focused summary and a message per field', () => {
    render(<ContactsForm rules={rules} />);
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '8' } });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Далее' })));
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('Есть ошибки');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#name', '#phone']);
    expect(document.getElementById('phone-error')?.textContent).toContain('+79991234567');
    fireEvent.click(screen.getByRole('link', { name: 'Введите имя' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Имя'));
  });

  it('drops a message once its field passes, keeps the others, and submits when all pass', () => {
    render(<ContactsForm rules={rules} />);
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Анна' } });
    expect(document.getElementById('name-error')).toBeNull();
    expect(document.getElementById('phone-error')).not.toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+79991234567' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByText('Отправлено')).toBeTruthy();
  });
});

/** The server's refusal of a form the browser's rules passed: the answer of a 400 VALIDATION_ERROR. */
const REFUSAL = [
  { path: '/body/phoneNumber', message: 'Введите телефон, например +7 916 123-45-67' },
  { path: '/body/colour', message: 'Поле «colour» здесь не принимается: уберите его' },
];

function ServerCheckedForm() {
  const [values, setValues] = useState<Contacts>({ name: 'Анна', phone: '+79991234567' });
  const { problems, summary, submits, check, recheck, show } = useFieldErrors(plainRules);
  const edit = (key: keyof Contacts) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next, key);
  };
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (check(values)) show(serverProblems(REFUSAL, { name: 'name', phoneNumber: 'phone' }));
      }}
    >
      <ErrorSummary errors={summary} focusKey={submits} />
      <ContactFields values={values} problems={problems} edit={edit} />
      <button type="submit">Далее</button>
    </form>
  );
}

describe('the server’s refusal', () => {
  it('shows beside its field and in the summary, stays while other fields change, goes when its field does', () => {
    render(<ServerCheckedForm />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Далее' })));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(document.getElementById('phone-error')?.textContent).toContain('+7 916 123-45-67');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#phone']);
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Анна Петрова' } });
    expect(document.getElementById('phone-error')).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+79161234567' } });
    expect(document.getElementById('phone-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('maps only the fields the form shows', () => {
    expect(serverProblems(REFUSAL, { phoneNumber: 'contact-phone' })).toEqual({
      'contact-phone': 'Введите телефон, например +7 916 123-45-67',
    });
    expect(serverProblems({ retryAfter: 5 }, { phoneNumber: 'phone' })).toEqual({});
  });
});
