/** An email as the sign-in, the access request and the staff invitation take it: something@host.tld. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Введите email';
  return EMAIL_SHAPE.test(email) ? null : 'Введите email в формате name@example.ru';
}
