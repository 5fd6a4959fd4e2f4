import './zod-locale.js';

export * from './auth.js';
export * from './clients.js';
export * from './errors.js';
export * from './legal-mentions.js';
export * from './password.js';
export * from './roles.js';
export * from './siret.js';
