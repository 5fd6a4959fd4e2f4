import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiHeaders } from './accounts.js';
import { SEEDED, SEEDED_PASSWORD } from './env.js';

/* Helpers of the admin journeys (admin.spec.ts) and of account closing (account-deletion.spec.ts). */

export const adminHeaders = (request: APIRequestContext) =>
  apiHeaders(request, SEEDED.admin.email, SEEDED_PASSWORD);

/** The id of the account with this address, as the admin API lists it. */
export async function adminUserId(request: APIRequestContext, email: string): Promise<string> {
  const headers = await adminHeaders(request);
  const res = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  const users: Array<{ _id: string; email: string }> = await res.json();
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`${email} absent de GET /admin/users`);
  return user._id;
}

/** GET /admin/users/{id}/subscription, as the dialog reads it. */
export async function adminSubscription(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/admin/users/${id}/subscription`, {
    headers: await adminHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { plan: string; joursRestants: number | null };
}

/** Answers the confirmation titled `title` with its `button`, and waits for it to close. */
export async function confirmIn(page: Page, title: string, button: string): Promise<void> {
  const question = page.getByRole('alertdialog', { name: title });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: button, exact: true }).click();
  await expect(question).toBeHidden();
}
