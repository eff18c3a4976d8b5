/**
 * The promised date the form shows, once documents are chosen: the estimate's module (with the
 * production calendar) is fetched then, once per page, so a first visit of step 1 pays nothing
 * for it. null until there is something to estimate or while the module loads.
 */
import { useEffect, useState } from 'react';
import type { DraftPayload } from '../../db/drafts';
import type { DueEstimate } from './due-estimate';
import type { FormParams } from './order-model';

type EstimateModule = typeof import('./due-estimate');
let loaded: EstimateModule | undefined;

export function useDueEstimate(catalogue: FormParams, payload: DraftPayload): DueEstimate | null {
  const wanted = (payload.orderDocuments?.length ?? 0) > 0;
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void import('./due-estimate').then((imported) => {
      loaded = imported;
      if (live) setModule(imported);
    });
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return wanted && module ? module.estimateDue(catalogue, payload) : null;
}
