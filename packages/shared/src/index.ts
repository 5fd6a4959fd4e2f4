import './zod-locale.js';

export * from './auth.js';
export * from './clients.js';
export * from './errors.js';
export * from './invoice-status.js';
export * from './invoices.js';
export * from './legal-mentions.js';
export * from './money.js';
export * from './password.js';
export * from './plans.js';
export * from './public-forms.js';
export * from './public-pages.js';
export * from './rate-limit-message.js';
export * from './read-only.js';
export * from './roles.js';
export * from './siret.js';
export * from './text.js';
