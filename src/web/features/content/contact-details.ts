/** Fixed addresses of the team on the About page; the support address is a setting (GET /api/store). */
export const HELLO_EMAIL = 'hello@loopmarket.example';
export const CAREERS_EMAIL = 'careers@loopmarket.example';
