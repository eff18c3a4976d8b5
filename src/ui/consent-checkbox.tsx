/**
 * The personal-data consent (152-FZ art. 9): its own checkbox, never ticked in advance, with the
 * consent's text a link away (a new tab, so a half-filled form stays as it is). The order form's
 * step 3 and the cabinet sign-in both ask with it.
 */
import { LEGAL_DOCUMENT_PATHS } from '../domain/legal-pages';
import { CheckboxField } from './choice-group';

export function ConsentCheckbox({
  checked,
  onCheckedChange,
  error,
  id = 'personalDataConsent',
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  id?: string;
}) {
  return (
    <CheckboxField
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      error={error}
      label={
        <>
          Даю{' '}
          <a href={LEGAL_DOCUMENT_PATHS.consent} target="_blank" rel="noopener">
            согласие на обработку персональных данных
          </a>{' '}
          и ознакомлен(а) с{' '}
          <a href={LEGAL_DOCUMENT_PATHS.privacy} target="_blank" rel="noopener">
            политикой обработки персональных данных
          </a>
        </>
      }
    />
  );
}
