/**
 * The rules of the organization's details and its signer, checked before sending (the server
 * checks them again), each with the Russian message shown beside its field. Keys are field ids.
 */
import { INN_ERROR, isValidInn } from '../../domain/inn';
import { byField } from '../../ui/field-errors';

export interface OrganizationValues {
  inn: string;
  kpp: string;
  name: string;
  address: string;
}

export interface SignerValues {
  signerName: string;
  signerPosition: string;
}

export const validateOrganization = byField<OrganizationValues>({
  'org-inn': ({ inn }) => (inn.trim() === '' ? 'Введите ИНН' : isValidInn(inn.trim()) ? null : INN_ERROR),
  'org-kpp': ({ kpp, inn }) => {
    const value = kpp.trim();
    if (value === '') return null;
    if (!/^\d{9}$/.test(value)) return 'КПП — 9 цифр';
    return inn.trim().length === 12 ? 'У ИП нет КПП: оставьте поле пустым' : null;
  },
  'org-name': ({ name }) =>
    name.trim() === ''
      ? 'Введите название организации'
      : name.trim().length > 300
        ? 'Не длиннее 300 знаков'
        : null,
  'org-address': ({ address }) => (address.trim().length > 500 ? 'Адрес не длиннее 500 знаков' : null),
});

export const validateSigner = byField<SignerValues>({
  'signer-name': ({ signerName }) =>
    signerName.trim() === ''
      ? 'Введите фамилию, имя и отчество подписанта'
      : signerName.trim().length > 200
        ? 'Не длиннее 200 знаков'
        : null,
  'signer-position': ({ signerPosition }) =>
    signerPosition.trim() === ''
      ? 'Введите должность подписанта'
      : signerPosition.trim().length > 200
        ? 'Не длиннее 200 знаков'
        : null,
});
