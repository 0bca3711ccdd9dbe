import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    const c = loadConfig({}, {}, '/srv/quire');
    expect(c).toMatchObject({
      port: 5000,
      host: 'localhost',
      dataDir: path.resolve('/srv/quire', 'data'),
      dataDirLabel: './data',
      databaseUrl: undefined,
      allowPrivateUrls: false,
      urlAllowCidrs: [],
      fetchTimeoutMs: 30_000,
      maxRedirects: 5,
      workerThreads: 2,
      pdfProcesses: 1,
    });
  });

  it('reads the environment; empty variables count as unset', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        QUIRE_DATA_DIR: 'var/books',
        DATABASE_URL: 'postgres://u@h/db',
        QUIRE_ALLOW_PRIVATE_URLS: '1',
        QUIRE_URL_ALLOW_CIDRS: '10.0.0.0/8, fd00::/8',
        QUIRE_FETCH_TIMEOUT_MS: '500',
        HOST: '',
      },
      {},
      '/srv',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: '/srv/var/books',
      databaseUrl: 'postgres://u@h/db',
      allowPrivateUrls: true,
      urlAllowCidrs: ['10.0.0.0/8', 'fd00::/8'],
      fetchTimeoutMs: 500,
    });
    expect(loadConfig({ QUIRE_ALLOW_PRIVATE_URLS: '0' }).allowPrivateUrls).toBe(false);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('fetches Project Gutenberg books from www.gutenberg.org unless QUIRE_GUTENBERG_ORIGIN says otherwise', () => {
    expect(loadConfig({}).gutenbergOrigin).toBe('https://www.gutenberg.org');
    expect(loadConfig({ QUIRE_GUTENBERG_ORIGIN: 'http://127.0.0.1:8080/' }).gutenbergOrigin).toBe('http://127.0.0.1:8080');
    expect(() => loadConfig({ QUIRE_GUTENBERG_ORIGIN: 'gutenberg' })).toThrow(/QUIRE_GUTENBERG_ORIGIN/);
    expect(() => loadConfig({ QUIRE_GUTENBERG_ORIGIN: 'ftp://mirror.example' })).toThrow(/QUIRE_GUTENBERG_ORIGIN/);
  });

  it('disables the admin area unless ADMIN_PASSWORD is set, and keeps the password as written', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ QUIRE_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ QUIRE_TRUST_PROXY: 'proxy.internal' })).toThrow(/QUIRE_TRUST_PROXY.*proxy hops.*proxy\.internal/s);
    expect(loadConfig({}).adminPassword).toBeNull();
    expect(loadConfig({ ADMIN_PASSWORD: '   ' }).adminPassword).toBeNull();
    expect(loadConfig({ ADMIN_PASSWORD: ' s3cret pass ' }).adminPassword).toBe(' s3cret pass ');
  });

  it('takes payments only with all three Stripe settings, and says which one is missing', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const full = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig(full).stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiUrl: null });
    expect(loadConfig({ ...full, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.apiUrl).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/);
  });

  it('keeps files in S3 only with a bucket and its keys, and says which setting is missing', () => {
    expect(loadConfig({}).s3).toBeNull();
    const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: ' secret/1 ' };
    expect(loadConfig({ S3_BUCKET: 'quire-files', S3_REGION: 'eu-west-1', ...keys }).s3).toEqual({
      endpoint: undefined,
      region: 'eu-west-1',
      bucket: 'quire-files',
      accessKeyId: 'AKIA1',
      secretAccessKey: ' secret/1 ',
      forcePathStyle: false,
      prefix: undefined,
    });
    // An S3-compatible service: path-style addressing and a default region unless told otherwise.
    const minio = loadConfig({ S3_BUCKET: 'quire', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: '/site-a/files/', ...keys }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, prefix: 'site-a/files' });
    expect(loadConfig({ S3_BUCKET: 'quire', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false', ...keys }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'quire', S3_REGION: 'us-east-2', S3_FORCE_PATH_STYLE: 'yes', ...keys }).s3?.forcePathStyle).toBe(true);

    expect(() => loadConfig({ S3_BUCKET: 'quire', S3_REGION: 'eu-west-1' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'quire', ...keys })).toThrow(/S3_REGION must be set with S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'quire' })).toThrow(/S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(/S3_BUCKET must be set with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'quire', S3_ENDPOINT: 'minio:9000', ...keys })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'quire', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ S3_BUCKET: 'quire', S3_REGION: 'eu-west-1', S3_PREFIX: '../up', ...keys })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'quire', S3_REGION: 'eu-west-1', S3_PREFIX: 'a//b', ...keys })).toThrow(/S3_PREFIX/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
