/** The texts of "Get it free" and of the mailed link's page. */
export const freeProductMessages = {
  free: 'Free',
  getFree: 'Get it free',
  adding: 'Adding...',
  sending: 'Sending...',
  added: 'Added to your library. Find it in your Download Hub.',
  emailLabel: 'Your email address',
  newsletter: 'Also send me the newsletter (you will confirm by email)',
  sendLink: 'Email me the download link',
  checkEmail: (email: string) =>
    `Check your email: we sent the download link to ${email}. It is valid for 24 hours.`,
  confirming: 'Confirming your email...',
  invalidLink:
    'This link is not valid or has expired. Please ask for the product again from its page.',
  notFree: 'This product is not free',
} as const;
