/*
 * The user's schema, imported on its own when a session needs it (main.tsx, session.ts). A dynamic import of
 * '@facturo/shared' itself would make the whole package an entry of its own, and the bundler then ties
 * modules only some pages use (the profile's forms) to that entry: signed in, every first load got them.
 */
export { userSchema } from '@facturo/shared';
