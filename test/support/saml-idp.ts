import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

/**
 * A real SAML 2.0 identity provider for the SAML tests: Debian's simplesamlphp
 * 1.19 served by PHP's built-in web server as an ordinary process on a free
 * loopback port, with its configuration (config.php, an exampleauth:UserPass
 * source, the hosted IdP and the remote Buchbar service providers) and a key
 * and certificate made by openssl for this run in a temporary folder. `close`
 * stops it and removes the folder.
 */

export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
export const SAML_IDP_PASSWORD = 'Anmeldung-SAML-1';

export interface SamlIdpUser {
  /** The user name typed into the IdP's form. */
  username: string;
  mail: string;
  givenName: string;
  sn: string;
}

export interface SamlIdpServiceProvider {
  entityId: string;
  acsUrl: string;
  /** Buchbar's logout address on that host: the IdP sends its LogoutRequest and LogoutResponse there, signed (single logout). */
  sloUrl?: string;
  /** Default true (simplesamlphp's own default): the whole response is signed; the assertion always is. */
  signResponse?: boolean;
}

export interface TestSamlIdp {
  /** The IdP's entity id and its base address. */
  entityId: string;
  baseUrl: string;
  ssoUrl: string;
  /** Its logout address (SingleLogoutService, HTTP-Redirect), also in its metadata. */
  sloUrl: string;
  /** Where a browser starts the IdP's own logout of every service provider (ending on `returnTo`, an address of the IdP). */
  initLogoutUrl(returnTo: string): string;
  /** The IdP's signing certificate (PEM) and key (PEM), the key for tests that sign altered responses. */
  certificatePem: string;
  keyPem: string;
  /** The IdP's own metadata XML, as an admin would paste it. */
  metadata(): Promise<string>;
  /** The last lines the IdP wrote to its error stream (its log), for failing tests. */
  log(): string;
  close(): Promise<void>;
}

/** The text of an attribute of the IdP's HTML pages. */
export const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The value of a hidden field of the IdP's forms (AuthState, SAMLResponse, RelayState). */
export const hiddenField = (html: string, name: string) => {
  const m = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`, 'i').exec(html);
  return m ? decodeEntities(m[1]!) : undefined;
};

const php = (v: unknown): string => {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(php).join(', ')}]`;
  if (v && typeof v === 'object')
    return `[${Object.entries(v)
      .map(([k, x]) => `${php(k)} => ${php(x)}`)
      .join(', ')}]`;
  return 'null';
};

export async function startTestSamlIdp(opts: {
  users: SamlIdpUser[];
  serviceProviders: SamlIdpServiceProvider[];
  /** A fixed port (the demo's `npm run dev:idp`); default a free one. */
  port?: number;
}): Promise<TestSamlIdp> {
  const dir = mkdtempSync(join(tmpdir(), 'buchbar-saml-idp-'));
  for (const sub of ['config', 'config/metadata', 'cert', 'tmp', 'log', 'sessions']) mkdirSync(join(dir, sub), { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'cert/idp.key',
      '-out',
      'cert/idp.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Buchbar Test IdP',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const cfg = join(dir, 'config');
  writeFileSync(
    join(cfg, 'config.php'),
    `<?php\n$config = ${php({
      baseurlpath: `${baseUrl}/`,
      certdir: `${join(dir, 'cert')}/`,
      loggingdir: `${join(dir, 'log')}/`,
      datadir: `${join(dir, 'tmp')}/`,
      tempdir: join(dir, 'tmp'),
      metadatadir: `${join(cfg, 'metadata')}/`,
      technicalcontact_name: 'Buchbar Test',
      technicalcontact_email: 'test@buchbar.test',
      timezone: 'Europe/Berlin',
      secretsalt: 'buchbar-test-salt-not-secret',
      'auth.adminpassword': 'admin-not-used',
      admin_protect_index_page: false,
      admin_protect_metadata: false,
      'logging.level': 4,
      'logging.handler': 'stderr',
      'logging.logfile': 'simplesamlphp.log',
      debug: { saml: false, backtraces: true, validatexml: false },
      showerrors: true,
      errorreporting: false,
      'enable.saml20-idp': true,
      'enable.shib13-idp': false,
      'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
      'session.cookie.secure': false,
      'session.phpsession.savepath': join(dir, 'sessions'),
      'store.type': 'phpsession',
      'language.default': 'de',
      'metadata.sources': [{ type: 'flatfile' }],
    })};\n`,
  );
  const accounts: Record<string, unknown> = {};
  for (const u of opts.users)
    accounts[`${u.username}:${SAML_IDP_PASSWORD}`] = { uid: [u.username], mail: [u.mail], givenName: [u.givenName], sn: [u.sn] };
  writeFileSync(
    join(cfg, 'authsources.php'),
    `<?php\n$config = ['admin' => ['core:AdminPassword'], 'buchbar-userpass' => array_merge(['exampleauth:UserPass'], ${php(accounts)})];\n`,
  );
  writeFileSync(
    join(cfg, 'metadata', 'saml20-idp-hosted.php'),
    `<?php\n$metadata['__DYNAMIC:1__'] = ${php({
      host: '__DEFAULT__',
      privatekey: 'idp.key',
      certificate: 'idp.crt',
      auth: 'buchbar-userpass',
      NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
      // Single logout by redirects from one service provider to the next (no iframes), so a test can follow it.
      logouttype: 'traditional',
    })};\n`,
  );
  writeFileSync(
    join(cfg, 'metadata', 'saml20-sp-remote.php'),
    `<?php\n${opts.serviceProviders
      .map(
        (sp) =>
          `$metadata[${php(sp.entityId)}] = ${php({
            AssertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acsUrl, index: 0 }],
            ...(sp.sloUrl
              ? { SingleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: sp.sloUrl }] }
              : {}),
            // The IdP signs its LogoutRequest and LogoutResponse (Buchbar refuses unsigned ones).
            'sign.logout': true,
            NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
            'simplesaml.nameidattribute': 'uid',
            'saml20.sign.response': sp.signResponse ?? true,
            'saml20.sign.assertion': true,
            'validate.authnrequest': false,
          })};`,
      )
      .join('\n')}\n`,
  );
  const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: cfg },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  try {
    await waitForPort(port, 10_000, 'simplesamlphp');
  } catch (err) {
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}: ${stderr}`);
  }
  return {
    entityId,
    baseUrl,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    sloUrl: `${baseUrl}/saml2/idp/SingleLogoutService.php`,
    initLogoutUrl: (returnTo) => `${baseUrl}/saml2/idp/initSLO.php?RelayState=${encodeURIComponent(returnTo)}`,
    certificatePem: readFileSync(join(dir, 'cert', 'idp.crt'), 'utf8'),
    keyPem: readFileSync(join(dir, 'cert', 'idp.key'), 'utf8'),
    log: () => stderr,
    async metadata() {
      const res = await fetch(entityId);
      if (!res.ok) throw new Error(`IdP metadata: ${res.status} ${await res.text()}`);
      return res.text();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) {
          rmSync(dir, { recursive: true, force: true });
          resolve();
          return;
        }
        server.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        server.kill('SIGTERM');
      }),
  };
}
