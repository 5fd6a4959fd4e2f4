export * from './auth.js';
export * from './errors.js';
export * from './password.js';
export * from './roles.js';
export * from './siret.js';
export * from './clients.js';
export * from './legal-mentions.js';
