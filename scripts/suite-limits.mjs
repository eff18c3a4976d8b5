/**
 * The abuse limits raised for the suites and the bench, which place hundreds of orders and upload
 * many files from one address (127.0.0.1) on purpose. The defaults stay what a bureau would set
 * (server/config.ts); a test of a limit passes its own value over these.
 */
export const SUITE_LIMITS = {
  ORDERS_PER_HOUR_PER_ADDRESS: '1000000',
  ORDERS_PER_DAY_PER_EMAIL: '1000000',
  ORDERS_PER_HOUR_PER_CUSTOMER: '1000000',
  MAILS_PER_HOUR_TO_UNVERIFIED: '1000000',
  UPLOAD_MB_PER_HOUR_PER_ADDRESS: '1000',
  PROMO_CHECKS_PER_HOUR_PER_ADDRESS: '1000000',
  SIGN_IN_CODES_PER_HOUR_PER_ADDRESS: '1000000',
  ADDRESS_SUGGESTIONS_PER_HOUR_PER_ADDRESS: '1000000',
  TRACK_FAILURES_PER_HOUR: '1000000',
};
