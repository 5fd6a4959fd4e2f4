import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, SUPPORT_DISPLAY_NAME } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from '../admin/admin-test-helpers.js';
import {
  type Account,
  anotherAdmin,
  conversations,
  eventsOf,
  openSupport,
  readMessages,
  send,
  unread,
} from './messaging-test-helpers.js';

let t: TestApp;
let admin: Account;
let secondAdmin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t);
  secondAdmin = await anotherAdmin(t, 'Bruno');
});
afterAll(async () => t?.close());

describe('support conversations', () => {
  it('create-support is idempotent: the same conversation every time, titled « Support »', async () => {
    const { token } = await signedInUser(t);
    const first = await openSupport(t, token);
    const again = await openSupport(t, token);
    expect(again._id).toBe(first._id);
    expect(first).toMatchObject({ kind: 'support', sujet: 'Support', nonLus: 0, dernierMessage: null });
    expect(first.participants).toEqual([{ _id: 'support', prenom: '', nom: SUPPORT_DISPLAY_NAME }]);
    expect((await conversations(t, token)).map((c) => c._id)).toEqual([first._id]);
  });

  it('the fallback POST /conversations/new/messages opens the support conversation with the message', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/conversations/new/messages',
      token,
      body: { contenu: 'Bonjour' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { conversationId } = res.json<{ conversationId: string }>();
    expect((await openSupport(t, token))._id).toBe(conversationId);
    expect((await readMessages(t, token, conversationId)).map((m) => m.contenu)).toEqual(['Bonjour']);
  });

  it('two admins answer as « Support Facturo » with their first name, never their e-mail', async () => {
    const user = await signedInUser(t, {
      prenom: 'Léa',
      nom: 'Moreau',
      plan: 'premium',
      planGrantedByAdmin: true,
    });
    const { _id: id } = await openSupport(t, user.token);
    await send(t, user.token, id, 'Ma facture ne part pas');
    const seenByAdmin = (await conversations(t, admin.token)).find((c) => c._id === id);
    expect(seenByAdmin).toMatchObject({
      participants: [{ _id: user.user._id, prenom: 'Léa', nom: 'Moreau' }],
      planUtilisateur: 'premium',
      nonLus: 1,
    });
    await send(t, admin.token, id, 'Regardons cela');
    await send(t, secondAdmin.token, id, 'C’est réglé');

    const res = await t.request({
      method: 'GET',
      url: `/api/conversations/${id}/messages`,
      token: user.token,
    });
    expect(res.body).not.toContain(admin.user.email);
    expect(res.body).not.toContain(secondAdmin.user.email);
    const shown = res.json<{ expediteur: { _id: string; prenom: string; nom: string }; estMoi: boolean }[]>();
    expect(shown.map((m) => [m.expediteur, m.estMoi])).toEqual([
      [{ _id: user.user._id, prenom: 'Léa', nom: 'Moreau' }, true],
      [{ _id: admin.user._id, prenom: admin.user.prenom, nom: SUPPORT_DISPLAY_NAME }, false],
      [{ _id: secondAdmin.user._id, prenom: 'Bruno', nom: SUPPORT_DISPLAY_NAME }, false],
    ]);
    const [mine] = await conversations(t, user.token);
    expect(mine?.participants).toEqual([
      { _id: secondAdmin.user._id, prenom: 'Bruno', nom: SUPPORT_DISPLAY_NAME },
    ]);
    // For the second admin, support's messages (the other admin's too) are their side's.
    const forSecond = await readMessages(t, secondAdmin.token, id);
    expect(forSecond.map((m) => m.estMoi)).toEqual([false, true, true]);
  });

  it('keeps the text exactly, line breaks included, trimmed at its ends only', async () => {
    const { token } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    const sent = await send(t, token, id, '  Bonjour,\n\nLigne 2\n  <b>pas du HTML</b>\n ');
    expect(sent.contenu).toBe('Bonjour,\n\nLigne 2\n  <b>pas du HTML</b>');
    expect((await readMessages(t, token, id))[0]?.contenu).toBe(sent.contenu);
  });

  it('refuses a blank message and one over 5,000 characters; 5,000 pass', async () => {
    const { token } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    const post = (contenu: string) =>
      t.request({ method: 'POST', url: `/api/conversations/${id}/messages`, token, body: { contenu } });
    for (const [contenu, message] of [
      ['', MESSAGING_MESSAGES.blank],
      [' \n\t ', MESSAGING_MESSAGES.blank],
      ['x'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGING_MESSAGES.tooLong],
    ] as const) {
      const res = await post(contenu);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
    }
    // 5,000 characters pass, and come back exactly: line breaks, tabs, accents and spaces inside kept,
    // the spaces around trimmed before counting.
    const longest = `${'Ligne é\t<i>x</i>\r\n'.repeat(250)}${'y'.repeat(MESSAGE_MAX_LENGTH - 250 * 18)}`;
    expect(longest).toHaveLength(MESSAGE_MAX_LENGTH);
    const accepted = await post(`  \n${longest} \n`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().contenu).toBe(longest);
    expect((await readMessages(t, token, id)).map((m) => m.contenu)).toEqual([longest]);
  });
});

describe('read flags and unread counts', () => {
  it('« vu » per side: a user message is vu once an admin reads, an answer once the user reads', async () => {
    const user = await signedInUser(t);
    const { _id: id } = await openSupport(t, user.token);
    const question = await send(t, user.token, id, 'Question');
    expect(question).toMatchObject({ vu: false, estMoi: true });
    // The writer reading their own conversation marks nothing of theirs.
    expect((await readMessages(t, user.token, id))[0]?.vu).toBe(false);

    const before = await unread(t, secondAdmin.token);
    expect(before).toBeGreaterThanOrEqual(1);
    // Support listing its conversations (the /messages page with none open) reads none of them.
    await conversations(t, admin.token);
    await conversations(t, admin.token, 'Question');
    expect(await unread(t, secondAdmin.token)).toBe(before);
    expect((await readMessages(t, user.token, id))[0]?.vu).toBe(false);
    await readMessages(t, admin.token, id);
    // Support's unread is shared: one admin reading clears it for the other too.
    expect((await conversations(t, secondAdmin.token)).find((c) => c._id === id)?.nonLus).toBe(0);
    expect((await readMessages(t, user.token, id))[0]?.vu).toBe(true);

    await send(t, admin.token, id, 'Réponse 1');
    await send(t, admin.token, id, 'Réponse 2');
    expect(await unread(t, user.token)).toBe(2);
    expect((await conversations(t, user.token))[0]).toMatchObject({
      nonLus: 2,
      dernierMessage: { contenu: 'Réponse 2' },
    });
    expect((await readMessages(t, admin.token, id)).map((m) => m.vu)).toEqual([true, false, false]);
    await readMessages(t, user.token, id);
    expect(await unread(t, user.token)).toBe(0);
    expect((await readMessages(t, admin.token, id)).map((m) => m.vu)).toEqual([true, true, true]);
  });

  it('announces message.created to both sides, unread.changed to the addressees, message.read to the writer', async () => {
    const user = await signedInUser(t);
    const { _id: id } = await openSupport(t, user.token);
    const people = [user.user._id, admin.user._id, secondAdmin.user._id];
    const start = (await eventsOf(t, people)).length;
    const message = await send(t, user.token, id, 'Alerte');
    const afterSend = (await eventsOf(t, people)).slice(start);
    const created = { conversationId: id, messageId: message._id };
    const announced = afterSend.filter((e) => e.type === 'message.created');
    expect(announced.map((e) => e.userId).sort()).toEqual([...people].sort());
    for (const event of announced) expect(event.data).toEqual(created);
    const counts = afterSend.filter((e) => e.type === 'unread.changed');
    expect(counts.map((e) => e.userId).sort()).toEqual([admin.user._id, secondAdmin.user._id].sort());

    const mark = (await eventsOf(t, people)).length;
    await readMessages(t, secondAdmin.token, id);
    const afterRead = (await eventsOf(t, people)).slice(mark);
    expect(afterRead.filter((e) => e.type === 'message.read')).toEqual([
      { userId: user.user._id, type: 'message.read', data: { conversationId: id } },
    ]);
    expect(
      afterRead
        .filter((e) => e.type === 'unread.changed')
        .map((e) => e.userId)
        .sort(),
    ).toEqual([admin.user._id, secondAdmin.user._id].sort());
    // Reading again changes nothing, so announces nothing.
    const settled = (await eventsOf(t, people)).length;
    await readMessages(t, secondAdmin.token, id);
    expect(await eventsOf(t, people)).toHaveLength(settled);
  });
});

describe('what is never shown', () => {
  it('messages without a sender or a text, and closed accounts’ conversations for support', async () => {
    const user = await signedInUser(t, { prenom: 'Paul', nom: 'Vidal' });
    const { _id: id } = await openSupport(t, user.token);
    await send(t, admin.token, id, 'Visible');
    // A sender whose account is gone (ON DELETE SET NULL) and an empty text, as SPEC §3 says to ignore.
    await t.database.db.execute(sql`
      insert into messages (conversation_id, sender_id, from_support, contenu)
      values (${id}, null, true, 'Orphelin'), (${id}, ${admin.user._id}, true, '')`);
    expect((await readMessages(t, user.token, id)).map((m) => m.contenu)).toEqual(['Visible']);
    expect(await unread(t, user.token)).toBe(0);

    await send(t, user.token, id, 'Avant fermeture');
    expect((await conversations(t, admin.token)).map((c) => c._id)).toContain(id);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${user.user._id}`);
    expect((await conversations(t, admin.token)).map((c) => c._id)).not.toContain(id);
    // Nor can support read or answer it by its address: nobody is there to read the answer.
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { contenu: 'Encore là ?' }],
    ] as const) {
      const res = await t.request({
        method,
        url: `/api/conversations/${id}/messages`,
        token: admin.token,
        body,
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ errorType: 'not_found', message: MESSAGING_MESSAGES.notFound });
    }
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from messages where conversation_id = ${id}`,
    );
    // Visible, the two ignored rows and « Avant fermeture »: nothing was added.
    expect(Number(rowsOf(stored)[0]?.n)).toBe(4);
  });
});

describe('pages, search and rate limit', () => {
  it('pages oldest first with `limit`, then older ones with `before` the oldest shown', async () => {
    const { token } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    for (let i = 1; i <= 5; i += 1) await send(t, token, id, `m${i}`);
    const last = await readMessages(t, token, id, '?limit=2');
    expect(last.map((m) => m.contenu)).toEqual(['m4', 'm5']);
    const older = await readMessages(t, token, id, `?limit=2&before=${last[0]?._id}`);
    expect(older.map((m) => m.contenu)).toEqual(['m2', 'm3']);
    const oldest = await readMessages(t, token, id, `?limit=2&before=${older[0]?._id}`);
    expect(oldest.map((m) => m.contenu)).toEqual(['m1']);
    expect(await readMessages(t, token, id, `?before=${oldest[0]?._id}`)).toEqual([]);
    const bad = await t.request({ method: 'GET', url: `/api/conversations/${id}/messages?limit=0`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorType).toBe('validation_error');
  });

  it('pages without a gap or a repeat when messages share the same instant (ties broken by id)', async () => {
    const { token, user } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    await t.database.db.execute(sql`
      insert into messages (conversation_id, sender_id, from_support, contenu, created_at)
      select ${id}, ${user._id}, false, 'même instant ' || n, '2026-11-20T10:00:00Z'::timestamptz
      from generate_series(1, 7) as n`);
    const whole = (await readMessages(t, token, id)).map((m) => m._id);
    expect(whole).toHaveLength(7);
    const paged: string[] = [];
    let query = '?limit=3';
    for (let pages = 0; pages < 5; pages += 1) {
      const page = await readMessages(t, token, id, query);
      if (page.length === 0) break;
      paged.unshift(...page.map((m) => m._id));
      query = `?limit=3&before=${page[0]?._id}`;
    }
    expect(paged).toEqual(whole);
  });

  it('searches the other side’s name and the messages’ text', async () => {
    const user = await signedInUser(t, { prenom: 'Anaïs', nom: 'Quintard' });
    const { _id: id } = await openSupport(t, user.token);
    await send(t, user.token, id, 'Problème de remise_100%');
    const ids = async (q: string) => (await conversations(t, admin.token, q)).map((c) => c._id);
    expect(await ids('quintard')).toContain(id);
    expect(await ids('remise_100%')).toContain(id);
    expect(await ids('remise_1000')).not.toContain(id);
    // Accents and case aside, in the names and in the text.
    expect(await ids('ANAIS QUINT')).toContain(id);
    expect(await ids('probleme de')).toContain(id);
    expect((await conversations(t, user.token, 'support')).map((c) => c._id)).toEqual([id]);
    expect(await conversations(t, user.token, 'introuvable')).toEqual([]);
  });

  it('limits how fast one user sends: 30 a minute, then 429', async () => {
    const { token } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    // The limit counts per minute window: on a busy machine the 31 sends could straddle two windows (seen
    // in CI). They start at the beginning of a window, which leaves them a whole minute.
    t.clock.set(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    try {
      for (let i = 0; i < 30; i += 1) await send(t, token, id, `n°${i}`);
      const res = await t.request({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        token,
        body: { contenu: 'un de trop' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().errorType).toBe('rate_limited');
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      t.clock.reset();
    }
  });
});
