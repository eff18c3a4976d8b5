/**
 * /order/step-1: which documents (copies of each), which assurances on each, from and into which
 * language, and a comment. Kept in the draft at every change; the price follows in the summary.
 */
import { lazy, Suspense, useDeferredValue } from 'react';
import type { DraftPayload } from '../../db/drafts';
import * as form from '../../ui/form.css';
import { ErrorSummary } from '../../ui/lazy-error-summary';
import * as choices from '../../ui/order/order-choices.css';
import { FieldError, TextField } from '../../ui/text-field';
import * as styles from './order-form.css';
import {
  catalogPrice,
  chosenDocuments,
  type DocumentChoice,
  type FormParams,
  validateStepOne,
  withOrderLanguage,
} from './order-model';
import { OrderStepLayout } from './order-step-layout';
import { StepActions, useStepForm } from './step-form';

const FORM_ID = 'order-step-1';

// A chosen document's copies and assurances: a first visit, with nothing chosen, loads none of it.
const DocumentDetails = lazy(() => import('./document-details'));
const UrgencyChoice = lazy(() =>
  import('./urgency-choice').then((module) => ({ default: module.UrgencyChoice })),
);

export function OrderStepOne() {
  const { catalogue, payload, errors, change, submit, restart } = useStepForm(
    1,
    validateStepOne,
    '/order/step-2',
  );

  return (
    <OrderStepLayout
      step={1}
      catalogue={catalogue}
      payload={payload}
      onRestart={restart}
      action={{ label: 'Далее', form: FORM_ID }}
    >
      {(params, values) => (
        <form id={FORM_ID} className={styles.main} onSubmit={submit} noValidate>
          <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
          <DocumentPicker
            params={params}
            chosen={chosenDocuments(values)}
            values={values}
            error={errors.problems.documents}
            onChange={(orderDocuments) => change({ orderDocuments })}
          />
          {/* Once documents are chosen: the dates depend on them, and a first visit loads none of it. */}
          {values.orderDocuments?.length ? (
            <Suspense fallback={null}>
              <UrgencyChoice params={params} values={values} onChange={(urgent) => change({ urgent })} />
            </Suspense>
          ) : null}
          <LanguagePair params={params} values={values} problems={errors.problems} onChange={change} />
          <TextField
            id="comment"
            label="Комментарий для переводчика (необязательно)"
            hint="Например, как писать имена латиницей — как в загранпаспорте"
            multiline
            maxLength={2000}
            value={values.comment ?? ''}
            onValueChange={(comment) => change({ comment })}
          />
          <StepActions />
        </form>
      )}
    </OrderStepLayout>
  );
}

function DocumentPicker({
  params,
  chosen,
  values,
  error,
  onChange,
}: {
  params: FormParams;
  chosen: DocumentChoice[];
  values: DraftPayload;
  error: string | undefined;
  onChange: (documents: DocumentChoice[]) => void;
}) {
  const byId = new Map(chosen.map((line) => [line.documentId, line]));
  // A tick answers at once; the copies and assurances under the document follow a frame later.
  // Deferred as a string: an array made in this render would differ every time and make React
  // render the picker twice on each keystroke elsewhere in the form.
  const shown = new Set(useDeferredValue(chosen.map((line) => line.documentId).join(',')).split(','));
  const set = (documentId: number, line: DocumentChoice | null) => {
    const rest = chosen.filter((item) => item.documentId !== documentId);
    onChange(line ? [...rest, line].sort((a, b) => order(a) - order(b)) : rest);
  };
  const order = (line: DocumentChoice) => params.documents.findIndex((d) => d.id === line.documentId);
  return (
    <fieldset
      className={error ? `${choices.fieldset} ${form.fieldInError}` : choices.fieldset}
      aria-describedby={error ? 'documents-error' : undefined}
    >
      <legend className={choices.legend}>Какие документы перевести</legend>
      {error ? <FieldError id="documents-error" message={error} /> : null}
      {params.documents.map((document, index) => {
        const line = byId.get(document.id);
        return (
          <div key={document.id}>
            <label className={choices.option}>
              <input
                id={index === 0 ? 'documents' : undefined}
                type="checkbox"
                className={choices.checkbox}
                checked={Boolean(line)}
                onChange={(event) =>
                  set(
                    document.id,
                    event.target.checked ? { documentId: document.id, quantity: 1, assuranceIds: [] } : null,
                  )
                }
              />
              <span className={choices.optionName}>{document.type}</span>
              <span className={choices.price}>{catalogPrice(document.price)}</span>
            </label>
            {line && shown.has(String(document.id)) ? (
              <Suspense fallback={null}>
                <DocumentDetails
                  params={params}
                  line={line}
                  name={document.type}
                  price={document.price}
                  originalLanguage={values.originalLanguage}
                  targetLanguage={values.targetLanguage}
                  onChange={(next) => set(document.id, next)}
                />
              </Suspense>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

function LanguagePair({
  params,
  values,
  problems,
  onChange,
}: {
  params: FormParams;
  values: DraftPayload;
  problems: Record<string, string>;
  onChange: (patch: DraftPayload) => void;
}) {
  const select = (field: 'originalLanguage' | 'targetLanguage', label: string, empty: string) => {
    const error = problems[field];
    return (
      <div className={error ? `${styles.field} ${form.fieldInError}` : styles.field}>
        <label htmlFor={field} className={form.label}>
          {label}
        </label>
        {error ? <FieldError id={`${field}-error`} message={error} /> : null}
        <select
          id={field}
          className={styles.select}
          value={values[field] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
          onChange={(event) => {
            const code = event.target.value;
            // Lines with languages of their own follow the order's language (their first one).
            onChange(
              field === 'targetLanguage' && code && values.orderDocuments?.length
                ? { targetLanguage: code, orderDocuments: withOrderLanguage(chosenDocuments(values), code) }
                : { [field]: code },
            );
          }}
        >
          <option value="">{empty}</option>
          {params.languages.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <fieldset className={choices.fieldset}>
      <legend className={choices.legend}>Языки</legend>
      <div className={styles.twoColumns}>
        {select('originalLanguage', 'Язык оригинала', 'Выберите язык')}
        {select('targetLanguage', 'Язык перевода', 'Выберите язык')}
      </div>
    </fieldset>
  );
}
