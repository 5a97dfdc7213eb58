import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { DEMO_IDP } from '@db/seed/single-sign-on';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for tests and the demo
 * (`npm run dev:idp`): one confidential client, a few people with a password,
 * its own small login form, consent granted for the first-party client. Any
 * Buchbar callback on this machine (`http://*localhost*:port/api/auth/callback/sso-…`)
 * is an allowed redirect URI, so tenants and ports need no registration.
 */

export interface IdpAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** A second address claim, for tenants that read the e-mail from another claim. */
  upn?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  close(): Promise<void>;
}

export const IDP_PASSWORD = DEMO_PASSWORD;
/** The client the demo's Stadtwerke are seeded with (decision 100), so `npm run dev:idp` fits the seed. */
export const IDP_CLIENT_ID = DEMO_IDP.clientId;
export const IDP_CLIENT_SECRET = DEMO_IDP.clientSecret;

const CALLBACK =
  /^http:\/\/(?:[a-z0-9-]+\.)*localhost(?::\d+)?\/api\/auth\/callback\/sso-[0-9a-f-]{36}$|^http:\/\/127\.0\.0\.1(?::\d+)?\/api\/auth\/callback\/sso-[0-9a-f-]{36}$/;

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem}.error{color:#b00020}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** What a tenant admin enters under /admin/mandanten for this provider (PUT /api/admin/tenant/single-sign-on). */
export function providerSettings(idp: TestIdp, defaultGroupId: string | null, patch: Record<string, unknown> = {}) {
  return {
    providerName: 'Stadtwerke-Login',
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    emailClaim: 'email',
    defaultGroupId,
    passwordAllowed: false,
    ...patch,
  };
}

export async function startTestIdp(opts: { port?: number; accounts: IdpAccount[]; name?: string }): Promise<TestIdp> {
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: IDP_CLIENT_SECRET,
        redirect_uris: [`${issuer}/unused`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'upn'], profile: ['name', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['buchbar-test-idp-cookie-key'] },
    async findAccount(_ctx, id) {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: async () => ({ ...a, name: `${a.given_name} ${a.family_name}`, email_verified: true }),
      };
    },
    // First-party client: no consent screen after the login.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'upn', 'name', 'given_name', 'family_name']);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const clientProto = provider.Client.prototype as unknown as { redirectUriAllowed(uri: string): boolean };
  clientProto.redirectUriAllowed = (uri: string) => CALLBACK.test(uri);

  const title = opts.name ?? 'Test-Anmeldedienst';
  const callback = provider.callback();
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'POST') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const account = [...accounts.values()].find((a) => a.email === email);
      if (account && form.get('password') === IDP_PASSWORD) {
        await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      return send(res, 200, loginForm(uid, email, true));
    }
    return send(res, 200, loginForm(uid, '', false));
  }
  const loginForm = (uid: string, email: string, failed: boolean) =>
    page(
      title,
      `${failed ? '<p class="error" role="alert">E-Mail oder Passwort ist falsch.</p>' : ''}
<form method="post" action="/interaction/${html(uid)}">
<label for="email">E-Mail</label><input id="email" name="email" type="email" autocomplete="username" value="${html(email)}" required>
<label for="password">Passwort</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Anmelden</button></form>`,
    );
  const send = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };

  server.on('request', (req, res) => {
    const m = /^\/interaction\/([\w-]+)$/.exec((req.url ?? '').split('?')[0]!);
    if (!m) return void callback(req, res);
    interaction(req, res, m[1]!).catch(() =>
      send(res, 400, page(title, '<p class="error">Die Anmeldung ist abgelaufen. Bitte beginnen Sie neu.</p>')),
    );
  });

  return {
    issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
