/**
 * A signed-in customer's form starts with what the bureau already knows of them: their name, phone
 * and email, and their organization's details for a company. Only empty fields are filled, so
 * nothing the customer typed (or cleared and retyped) is replaced.
 */
import { useEffect, useRef } from 'react';
import type { DraftPayload } from '../../db/drafts';

/** What the route knows of the signed-in customer (their session and stored profile). */
export interface KnownCustomer {
  name: string | null;
  phoneNumber: string | null;
  email: string | null;
  organization: { inn: string; kpp: string | null; name: string; address: string | null } | null;
}

/** Marks that the draft as opened has been looked at. */
const OPENED = ' opened';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The fields to fill: each known value whose field in the draft is still empty. */
export function prefillPatch(payload: DraftPayload, known: KnownCustomer): DraftPayload {
  const offered: Record<string, string | null> = {
    name: known.name,
    phoneNumber: known.phoneNumber,
    email: known.email,
    ...(known.organization
      ? {
          organizationInn: known.organization.inn,
          organizationKpp: known.organization.kpp,
          organizationName: known.organization.name,
          organizationAddress: known.organization.address,
        }
      : {}),
  };
  const patch: DraftPayload = {};
  for (const [field, value] of Object.entries(offered)) {
    if (!blank(value) && blank(payload[field as keyof DraftPayload]))
      Object.assign(patch, { [field]: value });
  }
  return patch;
}

/**
 * Fills each field at most once per visit of the step, as soon as both the draft and its known
 * value are read: the session's contacts come at once, the profile's name and organization a
 * moment later; a field the customer empties afterwards stays empty.
 */
export function usePrefill(
  payload: DraftPayload | null,
  known: KnownCustomer | null | undefined,
  fill: (patch: DraftPayload) => void,
) {
  const done = useRef(new Set<string>());
  useEffect(() => {
    if (!payload) return;
    if (!done.current.has(OPENED)) {
      // What the customer had typed before is theirs: emptying it later must not refill it.
      done.current.add(OPENED);
      for (const [field, value] of Object.entries(payload)) if (!blank(value)) done.current.add(field);
    }
    if (!known) return;
    const patch = Object.fromEntries(
      Object.entries(prefillPatch(payload, known)).filter(([field]) => !done.current.has(field)),
    ) as DraftPayload;
    for (const field of Object.keys(patch)) done.current.add(field);
    if (Object.keys(patch).length > 0) fill(patch);
  }, [payload, known, fill]);
}
