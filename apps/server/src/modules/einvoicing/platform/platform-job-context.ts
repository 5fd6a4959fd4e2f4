import type { AppContext } from '../../../context.js';

/** What the platform's jobs need: built in main.ts and the test harness next to the queue itself. */
export type PlatformJobContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'log' | 'platformJobs'>;
