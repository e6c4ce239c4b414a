import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mensagens } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { comprimir } from '../../web/build/compressPlugin.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
let dist: string;
const grande = Array.from({ length: 4000 }, (_, i) => `export const valor${i} = 'Retaguarda ${i}';`).join('\n');
beforeAll(async () => {
  // A stand-in for the built web app, so the static serving and history fallback can be checked.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Retaguarda</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {})');
  // As the build leaves them (web/build/compressPlugin.ts): a large script with its .br and .gz.
  fs.writeFileSync(path.join(dist, 'assets', 'index-def456.js'), grande);
  await comprimir(path.join(dist, 'assets', 'index-def456.js'));
  await comprimir(path.join(dist, 'index.html'));
  ctx = await createTestContext({ WEB_DIST_DIR: dist, S3_URL: 'https://s3.exemplo.com/retaguarda' });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('API conventions', () => {
  it('GET /api/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ valido: true, data: { ok: true } });
  });

  it('an unknown /api path answers the 404 envelope, even for a browser', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/naoExiste' },
      { method: 'POST' as const, url: '/api/pessoa/getPopulateInexistente' },
      { method: 'GET' as const, url: '/api/naoExiste', headers: html },
    ]) {
      const res = await ctx.app.inject(req);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ valido: false, data: { message: mensagens.naoEncontrado } });
    }
  });

  it('malformed JSON and a missing body answer 400 in Portuguese', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"login":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ valido: false, data: { message: mensagens.requisicaoInvalida } });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/recuperarSenha' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().valido).toBe(false);
    expect(empty.json().data.message).toMatch(/^Dados inválidos/);
  });

  it('a body over the limit answers 413', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024), senha: 'x' }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().data.message).toBe(mensagens.corpoGrandeDemais);
  });

  it('serves the OpenAPI document listing the sign-in routes, and its UI without a CDN', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/sessao', '/api/recuperarSenha', '/api/alterarSenha']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toContain('login');

    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/', headers: html });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/unpkg|jsdelivr|cdnjs/);
  });

  it('GET /config.json gives the web its base addresses', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json()).toEqual({ baseRest: '/api', baseS3: 'https://s3.exemplo.com/retaguarda', baseSocket: '', pathSocket: '/socket.io' });
  });
});

describe('web app serving', () => {
  it('deep links of the history-mode router answer index.html, not cached', async () => {
    for (const url of ['/', '/pessoa', '/alterarSenha/abc123', '/estoqueCadastro?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves files: hashed assets cached for long, the service worker never', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await ctx.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file the browser accepts (brotli first), the same bytes once decoded, with Vary', async () => {
    const url = '/assets/index-def456.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    // A hashed name changes with its content: a year, never revalidated.
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(grande.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(grande);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(grande);

    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(grande);
  });

  it('the app page, compressed or not, is still never cached', async () => {
    for (const url of ['/', '/index.html', '/relatorioVenda']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...html, 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('a missing asset is a 404, not the app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/naoExiste.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });
});
