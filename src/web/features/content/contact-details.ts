/** Where customers reach the Loopmarket team, shared by the content pages. */
export const SUPPORT_EMAIL = 'support@loopmarket.example';
export const HELLO_EMAIL = 'hello@loopmarket.example';
export const CAREERS_EMAIL = 'careers@loopmarket.example';
