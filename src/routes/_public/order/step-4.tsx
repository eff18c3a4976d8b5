import { createFileRoute } from '@tanstack/react-router';
import { DeliveryChoice } from '../../../features/delivery/delivery-choice';
import { DeliveryReview } from '../../../features/delivery/delivery-review';
import { OrderStepFour } from '../../../features/order-form/order-step-four';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-4')({
  head: () => pageHead('Заказ перевода, шаг 4 из 4'),
  component: StepFour,
});

// The form's last step with the delivery feature's question, and its line in the review.
function StepFour() {
  return (
    <OrderStepFour
      delivery={(question) => <DeliveryChoice {...question} />}
      deliveryReview={(catalogue, values) => <DeliveryReview catalogue={catalogue} values={values} />}
    />
  );
}
