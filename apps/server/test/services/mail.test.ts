/**
 * Outgoing mail (issue 12): the reset message's text and HTML, the SMTP transport against a real SMTP server in
 * the test process, and the outbox folder used when SMTP_URL is unset (so `npm start` alone can complete a reset).
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { resetPasswordLink, resetPasswordMail } from '../../src/services/mail/reset-password-mail.ts';
import { createMailer } from '../../src/services/mail/transport.ts';
import { buildTestApp, registerUser, type TestApp } from '../helpers.ts';
import { resetTokenOf, startMailServer, type TestMailServer } from '../mail-server.ts';

const TOKEN = 'AbC-123_xyz';

describe('reset password mail', () => {
  it('holds the link built from the public URL in the text and the HTML, with the product name and validity', () => {
    const mail = resetPasswordMail({ to: 'ada@example.com', publicUrl: 'https://quire.example.com', token: TOKEN, validMinutes: 60 });
    const link = 'https://quire.example.com/reset-password?token=AbC-123_xyz';
    expect(resetPasswordLink('https://quire.example.com', TOKEN)).toBe(link);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Reset your Quire password');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('Quire');
  });

  it('escapes the link in HTML', () => {
    const mail = resetPasswordMail({ to: 'a@example.com', publicUrl: 'https://x.example/a"b<c', token: TOKEN, validMinutes: 90 });
    expect(mail.html).not.toContain('a"b<c');
    expect(mail.html).toContain('a&#34;b&#60;c');
    expect(mail.text).toContain('90 minutes');
  });
});

describe('mail transport', () => {
  let smtp: TestMailServer;
  let outbox: string;
  beforeAll(async () => {
    smtp = await startMailServer();
    outbox = await mkdtemp(path.join(os.tmpdir(), 'quire-outbox-test-'));
  });
  afterAll(async () => {
    await smtp?.close();
    await rm(outbox, { recursive: true, force: true });
  });

  const message = resetPasswordMail({ to: 'smtp@example.com', publicUrl: 'http://localhost:5000', token: TOKEN, validMinutes: 60 });

  it('sends through SMTP_URL with the configured sender', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Quire <no-reply@quire.test>', outboxDir: outbox });
    const delivery = await mailer.send(message);
    mailer.close();
    expect(delivery.via).toBe('smtp');
    const got = await smtp.waitFor('smtp@example.com');
    expect(got.from?.value).toEqual([{ name: 'Quire', address: 'no-reply@quire.test' }]);
    expect(got.subject).toBe(message.subject);
    expect(got.text).toContain('http://localhost:5000/reset-password?token=AbC-123_xyz');
    expect(got.html).toContain('href="http://localhost:5000/reset-password?token=AbC-123_xyz"');
    expect(await readdir(outbox)).toEqual([]);
  });

  it('writes an .eml file to the outbox without SMTP, and says where', async () => {
    const told: string[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'Quire <no-reply@localhost>', outboxDir: path.join(outbox, 'sub'), onOutboxFile: (f) => told.push(f) });
    const delivery = await mailer.send(message);
    expect(delivery.via).toBe('outbox');
    const file = delivery.via === 'outbox' ? delivery.file : '';
    expect(told).toEqual([file]);
    expect(path.dirname(file)).toBe(path.join(outbox, 'sub'));
    expect(file).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toContain('/reset-password?token=AbC-123_xyz');
    expect(parsed.html).toContain('/reset-password?token=AbC-123_xyz');
  });

  it('fails the send when the SMTP server cannot be reached', async () => {
    const closed = await startMailServer();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, from: 'Quire <no-reply@quire.test>', outboxDir: outbox });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});

describe('mail configuration', () => {
  it('defaults: no SMTP, a Quire sender, a public URL on the port', () => {
    const config = loadConfig({ PORT: '5123' });
    expect(config.mail).toEqual({ smtpUrl: null, from: 'Quire <no-reply@localhost>' });
    expect(config.publicUrl).toBe('http://localhost:5123');
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (trailing slash dropped) and refuses bad ones', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'Books <b@example.com>', PUBLIC_URL: 'https://quire.example.com/' });
    expect(config.mail).toEqual({ smtpUrl: 'smtp://u:p@mail.example.com:587', from: 'Books <b@example.com>' });
    expect(config.publicUrl).toBe('https://quire.example.com');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});

describe('forgot password without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'http://localhost:5999' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the reset mail to $QUIRE_DATA_DIR/outbox, and its link resets the password', async () => {
    const { email } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    const dir = path.join(t.config.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 500 && files.length === 0; i++) {
      files = await readdir(dir).catch(() => []);
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(path.join(dir, files[0]!)));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe(email);
    expect(parsed.text).toContain('http://localhost:5999/reset-password?token=');
    const token = resetTokenOf(parsed.text ?? '');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-pw' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'brand-new-pw' } });
    expect(login.statusCode).toBe(200);
  });
});
