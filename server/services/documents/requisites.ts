/**
 * The bureau's own requisites (name, INN, KPP, bank account, who signs), printed on every invoice
 * and act. They live in the settings table under one key, so a bureau changes them without a
 * release; the demo data seeds a complete, checksum-valid set.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { isValidInn } from '../../../src/domain/inn';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { ProductError } from '../../errors';

export const REQUISITES_KEY = 'bureau.requisites';

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max));
const digits = (count: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{${count}}$`)));

const RequisitesSchema = v.object({
  /** Full name as registered, e.g. ООО «Бюро переводов „Слово“». */
  name: text(300),
  inn: v.pipe(v.string(), v.check(isValidInn, 'ИНН с неверной контрольной суммой')),
  kpp: v.nullable(digits(9)),
  ogrn: v.nullable(v.pipe(v.string(), v.regex(/^(\d{13}|\d{15})$/))),
  address: text(500),
  phone: v.nullable(text(50)),
  email: v.nullable(text(200)),
  bankName: text(300),
  /** БИК. */
  bik: digits(9),
  /** Расчётный счёт. */
  account: digits(20),
  /** Корреспондентский счёт банка. */
  correspondentAccount: digits(20),
  /** «Без НДС» for the simplified tax system, or the VAT note the bureau prints. */
  vatNote: text(200),
  directorPosition: text(200),
  directorName: text(200),
  accountantName: v.nullable(text(200)),
});

export type BureauRequisites = v.InferOutput<typeof RequisitesSchema>;

/** The demo bureau of a fresh installation; the numbers are well-formed, not a real company's. */
export const DEMO_REQUISITES: BureauRequisites = {
  name: 'ООО «Бюро переводов „Слово“»',
  inn: '7705123452',
  kpp: '770501001',
  ogrn: '1157746123456',
  address: '115035, г. Москва, ул. Садовническая, д. 5, офис 12',
  phone: '+7 495 123-45-67',
  email: 'buh@perevod.local',
  bankName: 'ПАО «Демо Банк», г. Москва',
  bik: '044525999',
  account: '40702810900000012345',
  correspondentAccount: '30101810400000000999',
  vatNote: 'Без НДС (упрощённая система налогообложения)',
  directorPosition: 'Генеральный директор',
  directorName: 'Соколова Мария Андреевна',
  accountantName: 'Орлова Елена Викторовна',
};

export async function loadRequisites(db: Database): Promise<BureauRequisites> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REQUISITES_KEY));
  const parsed = row ? v.safeParse(RequisitesSchema, row.value) : undefined;
  if (!parsed?.success) {
    throw new ProductError(
      'conflict',
      'CONFLICT',
      'Реквизиты бюро не заполнены: счёт и акт пока нельзя оформить. Напишите менеджеру.',
    );
  }
  return parsed.output;
}
