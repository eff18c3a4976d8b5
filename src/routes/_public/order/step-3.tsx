import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useCachedQuery } from '../../../api/use-cached-query';
import type { KnownCustomer } from '../../../features/order-form/known-customer';
import { OrderStepThree } from '../../../features/order-form/order-step-three';
import { useSession } from '../../../features/session/use-session';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-3')({
  head: () => pageHead('Заказ перевода, шаг 3 из 4'),
  component: StepThree,
});

// The step with what the cabinet knows of a signed-in customer: the session's contacts at once
// (stored on the device, so offline too) and the organization from the profile.
function StepThree() {
  const { token, user } = useSession('cabinet');
  const signedIn = token !== null;
  const profile = useCachedQuery('/api/profile', { kind: 'cabinet', enabled: signedIn }).data?.profile;
  const known = useMemo<KnownCustomer | null>(() => {
    if (!signedIn || !user) return null;
    const name = [profile?.firstName ?? user.firstName, profile?.lastName ?? user.lastName]
      .filter(Boolean)
      .join(' ');
    return {
      name: name || null,
      phoneNumber: profile?.phoneNumber ?? user.phoneNumber,
      email: profile?.email ?? user.email,
      organization: profile?.organization ?? null,
    };
  }, [signedIn, user, profile]);
  return <OrderStepThree known={known} />;
}
