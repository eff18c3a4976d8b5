/**
 * What steps 1 and 3 share: the draft they edit, validation on «Далее» with messages that clear
 * as fields are fixed, and the row of «Назад» / «Далее» buttons.
 */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect } from 'react';
import type { DraftPayload } from '../../db/drafts';
import { button } from '../../ui/button';
import { type Problems, useFieldErrors } from '../../ui/field-errors';
import { useFormParams, useOrderDraft } from './draft';
import * as styles from './order-form.css';
import type { OrderStep } from './order-model';

type StepPath = '/order/step-1' | '/order/step-2' | '/order/step-3' | '/order/step-4';

export function useStepForm(step: OrderStep, validate: (payload: DraftPayload) => Problems, next: StepPath) {
  const navigate = useNavigate();
  const catalogue = useFormParams();
  const { payload, draftId, problems, update, restart } = useOrderDraft();
  const errors = useFieldErrors(validate);
  const { show } = errors;
  // The server refused a field of this step when the order was sent: say so beside it at once.
  // Rare (the order was sent and refused): the mapping of fields to steps loads only then.
  useEffect(() => {
    if (!problems?.length) return;
    let live = true;
    void import('./server-problems').then(({ problemsOfStep }) => {
      const found = problemsOfStep(problems, step);
      if (live && Object.keys(found).length > 0) show(found);
    });
    return () => {
      live = false;
    };
  }, [problems, step, show]);
  const change = (patch: DraftPayload) => {
    update(patch);
    // Each key of a patch is the field's id on steps 1 and 3 (the documents list excepted).
    const changed = Object.keys(patch)[0];
    errors.recheck({ ...(payload ?? {}), ...patch }, changed === 'orderDocuments' ? 'documents' : changed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payload && errors.check(payload)) void navigate({ to: next });
  };
  return { catalogue, payload, draftId, errors, change, submit, restart };
}

export function StepActions({
  back,
  label = 'Далее',
  busy = false,
}: {
  back?: StepPath;
  label?: string;
  busy?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      {back ? (
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => void navigate({ to: back })}
        >
          Назад
        </button>
      ) : (
        <span />
      )}
      <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
        {label}
      </button>
    </div>
  );
}
