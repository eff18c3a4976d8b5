/** The suites' raised abuse limits, one list shared with the browser suite's server (scripts/). */
export { SUITE_LIMITS } from '../../scripts/suite-limits.mjs';
