/**
 * /order/step-4: how to get the translation, the review of the whole order, and «Отправить заказ».
 * Sending goes through the outbox: online the order is created at once and the success page opens;
 * offline it is kept on the device and sent when the network returns (the page or the service
 * worker), never twice. A refusal shows the server's reason here, and the draft stays editable.
 * The delivery question itself is the delivery feature's: the route passes it in as `delivery`.
 */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useDraftFiles } from '../../db/draft-hooks';
import type { DraftPayload } from '../../db/drafts';
import type { ServerFieldProblem } from '../../db/schema';
import { LEGAL_DOCUMENT_PATHS } from '../../domain/legal-pages';
import { reopenRefused, submitDraft } from '../../outbox/page-outbox';
import { useFieldErrors } from '../../ui/field-errors';
import { ErrorSummary } from '../../ui/lazy-error-summary';
import * as page from '../../ui/page.css';
import { useFormParams, useOrderDraft } from './draft';
import { firstIncompleteStep, orderBody, validateStepFour } from './later-steps';
import * as styles from './order-form.css';
import type { FormParams } from './order-model';
import { OrderReview } from './order-review';
import { OrderStepLayout } from './order-step-layout';
import { problemsElsewhere, problemsOfStep } from './server-problems';
import { StepActions } from './step-form';
import { stepPath, useStepGuard } from './step-guard';

const FORM_ID = 'order-step-4';

/** What the delivery question gets from the step (features/delivery's DeliveryChoice takes it). */
export interface DeliveryQuestion {
  catalogue: FormParams;
  values: DraftPayload;
  problems: Record<string, string>;
  onChange: (patch: DraftPayload) => void;
}

export function OrderStepFour({
  delivery,
  deliveryReview,
}: {
  delivery: (question: DeliveryQuestion) => ReactNode;
  /** The review's «Получение» line: the delivery feature's too. */
  deliveryReview: (catalogue: FormParams, values: DraftPayload) => ReactNode;
}) {
  const navigate = useNavigate();
  const { db } = useDataLayer();
  const catalogue = useFormParams();
  const { payload, draftId, problems, update, flush, restart } = useOrderDraft();
  const allowed = useStepGuard(4, payload);
  const files = useDraftFiles(db, draftId ?? undefined) ?? [];
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's refusal of fields on earlier steps: listed in the summary with a link there.
  const [elsewhere, setElsewhere] = useState<ServerFieldProblem[]>([]);
  const validate = (values: { payload: DraftPayload; catalogue: FormParams }) =>
    validateStepFour(values.payload, values.catalogue);
  const errors = useFieldErrors(validate);
  const { show } = errors;
  const showRefused = (refused: readonly ServerFieldProblem[] | undefined) => {
    const here = problemsOfStep(refused, 4);
    setElsewhere(refused?.filter((problem) => problemsElsewhere([problem], 4).length > 0) ?? []);
    show(here);
  };
  // A draft reopened after a refusal (its notice's «Исправить заказ»): the reasons show at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draft read
  useEffect(() => {
    if (problems.length > 0) showRefused(problems);
  }, [problems]);

  const send = async (values: DraftPayload, params: FormParams) => {
    if (!errors.check({ payload: values, catalogue: params }) || !draftId) return;
    const incomplete = firstIncompleteStep(values);
    if (incomplete !== 4) {
      void navigate({ to: stepPath(incomplete) });
      return;
    }
    const body = orderBody(values);
    if (!body) {
      // Every check passed yet a field the contract requires is missing (a draft from an older form).
      setRefusal('выберите способ получения ещё раз');
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      await flush();
      setElsewhere([]);
      const entry = await submitDraft(db, draftId, body);
      if (entry.status === 'failed') {
        setRefusal(entry.lastError ?? 'Сервер не принял заказ');
        showRefused(entry.problems);
        await reopenRefused(db, entry);
        return;
      }
      void navigate({ to: '/order/success', search: { entry: entry.id } });
    } finally {
      setSending(false);
    }
  };

  return (
    <OrderStepLayout
      step={4}
      catalogue={catalogue}
      payload={allowed ? payload : null}
      onRestart={restart}
      action={{ label: sending ? 'Отправляем…' : 'Отправить заказ', form: FORM_ID, disabled: sending }}
    >
      {(params, values) => (
        <form
          id={FORM_ID}
          className={styles.main}
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void send(values, params);
          }}
        >
          <ErrorSummary
            errors={[...errors.summary, ...problemsElsewhere(elsewhere, 4)]}
            focusKey={errors.submits}
          />
          {refusal ? (
            <p role="alert" className={page.errorText}>
              {errors.summary.length + elsewhere.length > 0
                ? 'Заказ не принят: исправьте отмеченное и отправьте заказ снова.'
                : `Заказ не принят: ${refusal}. Исправьте данные и отправьте заказ снова.`}
            </p>
          ) : null}
          {delivery({
            catalogue: params,
            values,
            problems: errors.problems,
            onChange: (patch) => {
              update(patch);
              const changed = Object.keys(patch)[0];
              errors.recheck(
                { payload: { ...values, ...patch }, catalogue: params },
                changed === 'deliveryType' ? 'deliveryId' : changed,
              );
            },
          })}
          <OrderReview
            catalogue={params}
            values={values}
            files={files}
            delivery={deliveryReview(params, values)}
          />
          <p className={page.muted}>
            Нажимая «Отправить заказ», вы принимаете условия{' '}
            <a href={LEGAL_DOCUMENT_PATHS.offer} target="_blank" rel="noopener">
              публичной оферты
            </a>
            .
          </p>
          <StepActions
            back="/order/step-3"
            label={sending ? 'Отправляем…' : 'Отправить заказ'}
            busy={sending}
          />
        </form>
      )}
    </OrderStepLayout>
  );
}
