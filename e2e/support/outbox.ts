export { linkIn, waitForMail } from '../../apps/server/src/test/outbox.js';
