/** A run that cannot start as configured: one sentence saying what was wrong and what to give instead. */
export class ConfigurationError extends Error {}
