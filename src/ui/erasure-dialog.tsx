/**
 * The confirmation of an erasure of personal data (docs/personal-data.md), shared by the cabinet's
 * «Удалить аккаунт» and /crm/users' «Удалить персональные данные»: what goes and what stays, in
 * plain words, one field the person must fill (the word УДАЛИТЬ, or the written request's note),
 * and, when the server refuses for orders in progress, those orders with links.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isApiError } from '../api/errors';
import type { components } from '../api/schema.gen';
import { button } from './button';
import * as danger from './confirmed-delete.css';
import * as styles from './erasure-dialog.css';
import { ErrorSummary } from './error-summary';
import { byField, useFieldErrors } from './field-errors';
import * as form from './form.css';
import * as page from './page.css';
import { TextField } from './text-field';
import { Modal } from './widgets/modal';
import { failureText, OFFLINE_WRITE_TEXT } from './write-form';

export type ErasureAnswer = components['schemas']['Erasure'];

interface BlockingOrder {
  id: number;
  number: string;
  statusLabel: string;
  canCancel: boolean;
}

function blockingOrders(failure: unknown): BlockingOrder[] {
  if (!isApiError(failure) || failure.code !== 'ORDERS_IN_PROGRESS') return [];
  const orders = (failure.details as { orders?: BlockingOrder[] } | undefined)?.orders;
  return Array.isArray(orders) ? orders : [];
}

export interface ErasureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The one field to fill before the erasure: its label, hint and rule. */
  field: {
    id: string;
    label: string;
    hint: string;
    multiline?: boolean;
    problem: (value: string) => string | null;
  };
  confirmLabel: string;
  /** Where an order in progress opens (the cabinet's page or the staff card). */
  orderHref: (orderId: number) => string;
  /** The customer's own words («ваши»), or the staff's («клиента»). */
  whose: 'own' | 'customer';
  offline: boolean;
  /** Sends the erasure with the field's value; a refusal is thrown as the gateway's ApiError. */
  onConfirm: (value: string) => Promise<ErasureAnswer>;
  onErased: (answer: ErasureAnswer) => void;
}

export function ErasureDialog(props: ErasureDialogProps) {
  const { field } = props;
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; orders: BlockingOrder[] } | null>(null);
  const validate = useMemo(() => byField<string>({ [field.id]: (v) => field.problem(v) }), [field]);
  const errors = useFieldErrors(validate);
  const own = props.whose === 'own';
  const formId = useId();
  // A refusal is below the field: on a phone it would be out of sight, so it takes the focus.
  const refusalBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalBox.current?.focus();
  }, [refusal]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || props.offline || !errors.check(value)) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await props.onConfirm(value.trim());
      props.onErased(answer);
    } catch (failure) {
      setRefusal({ text: failureText(failure), orders: blockingOrders(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!busy) props.onOpenChange(open);
      }}
      title={props.title}
      description={props.description}
      // The buttons stay in view while the explanation scrolls (a phone's screen holds little of it).
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className={`${button({ tone: 'primary' })} ${danger.dangerSolid}`}
            disabled={busy || props.offline}
          >
            {busy ? 'Удаляем…' : props.confirmLabel}
          </button>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={busy}
            onClick={() => props.onOpenChange(false)}
          >
            Отмена
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={form.form}
        noValidate
        aria-label={props.title}
        onSubmit={(event) => void submit(event)}
      >
        <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
        <div className={styles.columns}>
          <section aria-labelledby="erasure-goes">
            <h3 id="erasure-goes" className={styles.heading}>
              Удалится
            </h3>
            <ul className={styles.list}>
              <li>
                Имя, телефон и email — в {own ? 'аккаунте' : 'учётной записи'} и во всех заказах: вместо них
                будет «удалено»
              </li>
              <li>Адреса доставки и комментарии к заказам</li>
              <li>Загруженные сканы документов, файлы переписки и готового перевода</li>
              <li>
                Текст {own ? 'ваших сообщений' : 'его сообщений'} бюро; в ответах бюро и заметках сотрудников
                — {own ? 'ваши' : 'его'} имя и контакты
              </li>
              <li>Уведомления, сохранённые организации, подписки на push и в Telegram</li>
              <li>Ссылки для отслеживания заказов перестанут открываться</li>
              <li>Вход в кабинет — на всех устройствах сразу</li>
            </ul>
          </section>
          <section aria-labelledby="erasure-stays">
            <h3 id="erasure-stays" className={styles.heading}>
              Останется для бухгалтерии
            </h3>
            <ul className={styles.list}>
              <li>Номера, даты и суммы заказов, их статусы</li>
              <li>Оплаты, возвраты, счета и акты</li>
              <li>
                Этого требует закон о бухгалтерском учёте (402-ФЗ, ст. 29): документы хранятся 5 лет, без{' '}
                {own ? 'ваших' : 'его'} контактов
              </li>
            </ul>
          </section>
        </div>
        <p className={page.muted}>
          {own
            ? 'Восстановить аккаунт будет нельзя. Если данные нужны, сначала скачайте их. С этим email можно будет войти снова — откроется новый, пустой кабинет.'
            : 'Восстановить данные будет нельзя. Если клиент просил копию, сначала выгрузите её.'}
        </p>
        <TextField
          id={field.id}
          label={field.label}
          hint={field.hint}
          value={value}
          error={errors.problems[field.id]}
          autoComplete="off"
          maxLength={300}
          {...(field.multiline ? { multiline: true as const, rows: 2 } : {})}
          onValueChange={(next) => {
            setValue(next);
            errors.recheck(next, field.id);
            setRefusal(null);
          }}
        />
        {refusal ? (
          <div ref={refusalBox} tabIndex={-1} role="alert" className={styles.refusal}>
            <p className={page.errorText}>{refusal.text}</p>
            {refusal.orders.length > 0 ? (
              <ul className={styles.list}>
                {refusal.orders.map((order) => (
                  <li key={order.id}>
                    <a href={props.orderHref(order.id)}>Заказ № {order.number}</a> — {order.statusLabel}
                    {order.canCancel && own ? ': можно отменить' : ''}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {props.offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      </form>
    </Modal>
  );
}
