/**
 * Where the server's refusal of an order shows: each refused property belongs to one step's
 * field. The step that has the field shows the message beside it (and in its summary); step 4,
 * where the order is sent, also lists the other steps' problems with a link to their step.
 */
import { problemProperty } from '../../db/drafts';
import type { ServerFieldProblem } from '../../db/schema';
import type { FieldProblem } from '../../ui/error-summary';
import type { Problems } from '../../ui/field-errors';
import type { OrderStep } from './order-model';

const FIELDS: Record<string, { step: OrderStep; fieldId: string }> = {
  orderDocuments: { step: 1, fieldId: 'documents' },
  documentIds: { step: 1, fieldId: 'documents' },
  documentId: { step: 1, fieldId: 'documents' },
  comment: { step: 1, fieldId: 'comment' },
  originalLanguage: { step: 1, fieldId: 'originalLanguage' },
  targetLanguage: { step: 1, fieldId: 'targetLanguage' },
  files: { step: 2, fieldId: 'files' },
  name: { step: 3, fieldId: 'name' },
  phoneNumber: { step: 3, fieldId: 'phoneNumber' },
  email: { step: 3, fieldId: 'email' },
  payerType: { step: 3, fieldId: 'payerType' },
  organizationInn: { step: 3, fieldId: 'organizationInn' },
  organizationKpp: { step: 3, fieldId: 'organizationKpp' },
  organizationName: { step: 3, fieldId: 'organizationName' },
  organizationAddress: { step: 3, fieldId: 'organizationAddress' },
  promoCode: { step: 3, fieldId: 'promoCode' },
  deliveryType: { step: 4, fieldId: 'deliveryId' },
  deliveryId: { step: 4, fieldId: 'deliveryId' },
  officeId: { step: 4, fieldId: 'officeId' },
  pickupPointId: { step: 4, fieldId: 'pickupPointId' },
  address: { step: 4, fieldId: 'address' },
};

export const STEP_PATHS = {
  1: '/order/step-1',
  2: '/order/step-2',
  3: '/order/step-3',
  4: '/order/step-4',
} as const satisfies Record<OrderStep, string>;

/** The problems of this step's own fields, by field id (for useFieldErrors().show). */
export function problemsOfStep(
  problems: readonly ServerFieldProblem[] | undefined,
  step: OrderStep,
): Problems {
  const found: Problems = {};
  for (const problem of problems ?? []) {
    const field = FIELDS[problemProperty(problem.path)];
    if (field?.step === step && !found[field.fieldId]) found[field.fieldId] = problem.message;
  }
  return found;
}

/** The problems of other steps' fields, each linking to its step. */
export function problemsElsewhere(
  problems: readonly ServerFieldProblem[] | undefined,
  step: OrderStep,
): FieldProblem[] {
  return (problems ?? []).flatMap((problem) => {
    const field = FIELDS[problemProperty(problem.path)];
    if (!field || field.step === step) return [];
    return [{ fieldId: field.fieldId, message: problem.message, page: STEP_PATHS[field.step] }];
  });
}
