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
 * Fills the draft once per visit of the step, as soon as both the draft and what is known are read
 * (the organization may come a moment after the contacts, so each part fills once).
 */
export function usePrefill(
  payload: DraftPayload | null,
  known: KnownCustomer | null | undefined,
  fill: (patch: DraftPayload) => void,
) {
  const done = useRef(new Set<string>());
  useEffect(() => {
    if (!payload || !known) return;
    const parts = { contacts: { ...known, organization: null }, organization: known.organization };
    const patch: DraftPayload = {};
    if (!done.current.has('contacts')) {
      Object.assign(patch, prefillPatch(payload, parts.contacts));
      done.current.add('contacts');
    }
    if (known.organization && !done.current.has('organization')) {
      Object.assign(patch, prefillPatch(payload, { ...EMPTY, organization: known.organization }));
      done.current.add('organization');
    }
    if (Object.keys(patch).length > 0) fill(patch);
  }, [payload, known, fill]);
}

const EMPTY: KnownCustomer = { name: null, phoneNumber: null, email: null, organization: null };
