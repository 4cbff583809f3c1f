/** The platform app's route prefixes (SPEC §2; APP_CATALOGUE in model/catalogue.ts). */
export const PLATFORM_PREFIXES = ['paas', 'home', 'platform', 'system', 'log', 'flow', 'helper'] as const;
