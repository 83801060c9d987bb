/**
 * Settings the journey server runs with (serve.ts) that the journeys check on the page: an address
 * no page could show unless it came from the setting.
 */
export const E2E_SUPPORT_EMAIL = 'help-desk@journeys.test';
