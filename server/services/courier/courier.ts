/**
 * What the product asks of a courier service: price a parcel, register it, follow it, and list
 * the service's pickup points. The CDEK adapter (cdek.ts) answers this; which one runs is
 * configuration (configured.ts). Nothing else in the server speaks a courier service's language.
 */
export interface DeliveryPriceOption {
  tariffCode: string;
  name: string;
  price: number;
  minDays: number;
  maxDays: number;
}

/** Where a parcel goes from or to: an address, or a point of the service (by its code). */
export type CourierPlace = { address: string } | { pointCode: string };

export interface NewParcel {
  /** Our order's number: the service keeps it, and finds the parcel by it again. */
  number: string;
  tariffCode: number;
  from: CourierPlace;
  to: CourierPlace;
  recipient: { name: string; phone: string; email: string };
  /** The office that sends it. */
  sender: { name: string; phone: string | null };
  comment: string;
}

export interface ParcelStatus {
  code: string;
  name: string;
  at: Date;
}

export interface ParcelState {
  externalId: string;
  /** The number customers track it by, once the service gave one. */
  trackingNumber: string | null;
  /** The latest status, if any yet. */
  status: ParcelStatus | null;
  /** Why the service refused the parcel (its validation of our request), or null. */
  refused: string | null;
}

export interface CourierPoint {
  code: string;
  name: string;
  address: string;
  lat: number;
  lon: number;
  schedule: string;
  phone: string | null;
  metro: string | null;
  note: string | null;
}

export interface CourierService {
  /** Which service: stored with each parcel. */
  readonly service: 'cdek';
  /** Its name for people. */
  readonly title: string;
  /** Tariffs from the bureau (an address) to an address, or to the service's point at `to`. */
  priceOptions(route: { from: string; to: string; toPoint: boolean }): Promise<DeliveryPriceOption[]>;
  createParcel(parcel: NewParcel): Promise<{ externalId: string }>;
  /** The parcel registered under our order number, if the service has one (a retry after a lost answer). */
  findParcel(number: string): Promise<ParcelState | null>;
  parcelState(externalId: string): Promise<ParcelState | null>;
  listPoints(cityCode: number): Promise<CourierPoint[]>;
}

/**
 * The service did not do what was asked: it did not answer in time, failed (5xx), refused our
 * credentials, or answered in a shape we do not know. The message is Russian, for the monitor and
 * the order's log; a task that meets it fails and is retried later.
 */
export class CourierError extends Error {
  override name = 'CourierError';
  constructor(
    message: string,
    /** The HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(message);
  }
}
