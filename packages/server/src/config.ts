import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from the environment, resolved once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Real PostgreSQL; null means the embedded PGlite in DATA_DIR/pglite. */
  databaseUrl: string | null;
  smtpUrl: string | null;
  smtpFrom: string;
  /** Public origin used in e-mail links. */
  appUrl: string;
  webDistDir: string;
  storageDir: string;
  s3Url: string | null;
  /** RETAGUARDA_SECRET: source of the key that encrypts certificates; null = a key file in DATA_DIR. */
  secret: string | null;
  cookieSecure: boolean;
  logLevel: string;
  seedDemo: boolean;
  /**
   * DEMO_VENDAS (on by default): after the server listens, fill Grupo Demonstração in the background
   * with its catalogue, recipes, stock and sales of the last DEMO_DIAS days and of today until now —
   * on the first start of an empty database, and on later starts the days missing since (the tests turn it off).
   */
  demoVendas: boolean;
  /** DEMO_DIAS: the days before today the first start generates (default 14: two weeks, so the day's dashboard has last week to compare with, filled in a few minutes). */
  demoDias: number;
  /** DEMO_AGORA: an instant (ISO 8601) the fill takes as now instead of the clock's (tests; a demonstration at 6 a.m.). */
  demoAgora: Date | null;
  /**
   * TRUST_PROXY: reverse proxies whose X-Forwarded-For gives the client's address (Fastify
   * trustProxy: 'true' for any, or their addresses/CIDRs separated by commas). Sign-in limits count
   * that address; without it, everyone behind one proxy is one address.
   */
  trustProxy: boolean | string;
  /** WHATSAPP_API_URL: the WhatsApp Cloud API (Graph API) for robots whose own address is empty (default Meta's). */
  whatsappApiUrl: string;
  /** SMS_API_URL: the SMS gateway's base address (integrations/otp/sms.ts; default Zenvia's v2 API; the tests give a local double). */
  smsApiUrl: string;
}

const serverPackageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(value: string | undefined): number {
  if (!value) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT inválida: "${value}". Use um número entre 0 e 65535.`);
  }
  return port;
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'sim', 'on'].includes(value.trim().toLowerCase());
}

function parseDemoDias(value: string | undefined): number {
  if (!value?.trim()) return 14;
  const dias = Number(value);
  if (!Number.isInteger(dias) || dias < 0 || dias > 400) throw new Error(`DEMO_DIAS inválido: "${value}". Use um número inteiro de 0 a 400.`);
  return dias;
}

function parseInstante(value: string | undefined): Date | null {
  if (!value?.trim()) return null;
  const instante = new Date(value.trim());
  if (Number.isNaN(instante.getTime())) throw new Error(`DEMO_AGORA inválido: "${value}". Use um instante ISO 8601, como 2026-11-27T15:00:00-03:00.`);
  return instante;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const texto = value?.trim() ?? '';
  if (!texto || texto.toLowerCase() === 'false') return false;
  return texto.toLowerCase() === 'true' ? true : texto;
}

/** Pure: takes the environment as an argument so tests can build any configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || './data');
  const appUrl = (blankToNull(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: blankToNull(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl: blankToNull(env.DATABASE_URL),
    smtpUrl: blankToNull(env.SMTP_URL),
    smtpFrom: blankToNull(env.SMTP_FROM) ?? 'Retaguarda <nao-responda@localhost>',
    appUrl,
    webDistDir: path.resolve(cwd, blankToNull(env.WEB_DIST_DIR) ?? path.join(serverPackageDir, '..', 'web', 'dist')),
    storageDir: path.resolve(cwd, blankToNull(env.STORAGE_DIR) ?? path.join(dataDir, 'arquivos')),
    s3Url: blankToNull(env.S3_URL),
    secret: blankToNull(env.RETAGUARDA_SECRET),
    // A Secure cookie is never sent over plain http, so it follows APP_URL unless told otherwise.
    cookieSecure: parseBoolean(env.COOKIE_SECURE, appUrl.startsWith('https://')),
    logLevel: blankToNull(env.LOG_LEVEL) ?? 'info',
    seedDemo: parseBoolean(env.SEED_DEMO, false),
    demoVendas: parseBoolean(env.DEMO_VENDAS, true),
    demoDias: parseDemoDias(env.DEMO_DIAS),
    demoAgora: parseInstante(env.DEMO_AGORA),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    whatsappApiUrl: (blankToNull(env.WHATSAPP_API_URL) ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    smsApiUrl: (blankToNull(env.SMS_API_URL) ?? 'https://api.zenvia.com/v2').replace(/\/+$/, ''),
  };
}
