/**
 * What the sign-in forms check before asking the server, with the messages shown beside each
 * field. Keys are the fields' ids, so the error summary can link to them.
 */
import { emailProblem } from '../../../domain/email';
import { SIGN_IN_CONSENT_REQUIRED } from '../../../domain/legal-documents';
import { byField } from '../../../ui/field-errors';

export const FIELD = {
  email: 'sign-in-email',
  code: 'sign-in-code',
  consent: 'sign-in-consent',
  login: 'sign-in-login',
  password: 'sign-in-password',
  requestEmail: 'access-request-email',
  requestName: 'access-request-name',
  requestReason: 'access-request-reason',
  newPassword: 'invitation-password',
  repeatPassword: 'invitation-password-again',
} as const;

/** The shortest password the server takes (POST /api/auth/invitation/accept). */
export const MIN_NEW_PASSWORD = 8;

// Deliberately loose: the server has the last word; this only catches typos like a missing @.

export { emailProblem };

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/** `consent`: undefined where the form does not ask for it (staff), else whether it is ticked. */
export const validateEmailStep = byField<{ email: string; consent?: boolean }>({
  [FIELD.email]: ({ email }) => emailProblem(email),
  [FIELD.consent]: ({ consent }) => (consent === false ? SIGN_IN_CONSENT_REQUIRED : null),
});

export const validateCodeStep = byField<{ code: string }>({
  [FIELD.code]: ({ code }) => {
    if (!code.trim()) return 'Введите код из письма';
    return /^\d{6}$/.test(code.trim()) ? null : 'Введите шесть цифр из письма';
  },
});

export const validatePassword = byField<{ login: string; password: string }>({
  [FIELD.login]: ({ login }) => required('Введите логин или email')(login),
  [FIELD.password]: ({ password }) => (password ? null : 'Введите пароль'),
});

export const validateAccessRequest = byField<{ email: string; name: string; reason: string }>({
  [FIELD.requestEmail]: ({ email }) => emailProblem(email),
  [FIELD.requestName]: ({ name }) => required('Введите имя и фамилию')(name),
  [FIELD.requestReason]: ({ reason }) => required('Напишите, зачем вам доступ')(reason),
});

export const validateNewPassword = byField<{ password: string; again: string }>({
  [FIELD.newPassword]: ({ password }) =>
    !password
      ? 'Придумайте пароль'
      : password.length < MIN_NEW_PASSWORD
        ? `Пароль — не короче ${MIN_NEW_PASSWORD} символов`
        : null,
  [FIELD.repeatPassword]: ({ password, again }) =>
    !again ? 'Повторите пароль' : again !== password ? 'Пароли не совпадают' : null,
});
