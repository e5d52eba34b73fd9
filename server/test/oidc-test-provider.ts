import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on a loopback port, for the single sign-on tests
 * (PRODUCT.md §14): one confidential client, PKCE required, its own signing keys and JWKS. Who signs in is
 * the test's choice: `nextLogin` signs in at once (API tests); without it the interaction page shows a small
 * form that takes an address (the Playwright journey). The ID token carries `email`, `email_verified`,
 * the names and `amr` as the test says.
 */
export type TestAccount = {
  email: string;
  emailVerified?: boolean;
  amr?: string[];
  givenName?: string;
  familyName?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signs in this account at the next interaction, without a form. */
  nextLogin: TestAccount | null;
  /** The next token request's ID token is issued as if an hour and a half ago: expired on arrival. */
  expireNextIdToken: boolean;
  /** The next token response's ID token leaves with its signature altered (one byte of it). */
  forgeNextIdTokenSignature: boolean;
  close: () => Promise<void>;
};

export async function startTestProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? 'lateral-passport';
  const clientSecret = opts.clientSecret ?? 'test-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();

  // Its own signing key for each run: the JWKS the app fetches and checks ID tokens against.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: {
      // The login's `amr` goes into every ID token (the provider includes only the claims of a scope).
      amr: null,
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName ?? 'Sam',
          family_name: account.familyName ?? 'Signon',
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Provider error</title><pre>${escapeHtml(JSON.stringify(out))}</pre>`;
    },
  });

  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    nextLogin: null,
    expireNextIdToken: false,
    forgeNextIdTokenSignature: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  // An ID token already expired: the provider's clock is an hour and a half behind for one token request.
  // An ID token whose signature does not verify against the JWKS (the rest of it untouched).
  provider.use(async (ctx: { path: string; body?: { id_token?: string } }, next: () => Promise<void>) => {
    await next();
    if (!(state.forgeNextIdTokenSignature && ctx.path === '/token' && ctx.body?.id_token)) return;
    state.forgeNextIdTokenSignature = false;
    const [header, payload, signature] = ctx.body.id_token.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] ^= 0xff;
    ctx.body = { ...ctx.body, id_token: `${header}.${payload}.${bytes.toString('base64url')}` };
  });

  provider.use(async (ctx: { path: string }, next: () => Promise<void>) => {
    if (!(state.expireNextIdToken && ctx.path === '/token')) return next();
    state.expireNextIdToken = false;
    const realNow = Date.now;
    Date.now = () => realNow() - 90 * 60 * 1000;
    try {
      await next();
    } finally {
      Date.now = realNow;
    }
  });

  const signIn = async (req: http.IncomingMessage, res: http.ServerResponse, account: TestAccount) => {
    const sub = account.email;
    accounts.set(sub, account);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub, amr: account.amr ?? ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  };

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'consent') {
        const grant = new provider.Grant({
          accountId: details.session.accountId,
          clientId: details.params.client_id,
        });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      if (match[2] && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const email = (form.get('email') ?? '').trim().toLowerCase();
        await signIn(req, res, { email, amr: form.get('mfa') ? ['pwd', 'mfa'] : ['pwd'] });
        return;
      }
      if (state.nextLogin) {
        const account = state.nextLogin;
        state.nextLogin = null;
        await signIn(req, res, account);
        return;
      }
      const hint = escapeHtml(String(details.params.login_hint ?? ''));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem">
<h1>Test identity provider</h1>
<form method="post" action="/interaction/${details.uid}/login">
<label>Work email <input name="email" type="email" value="${hint}" required style="display:block;width:100%"></label>
<p><button type="submit">Sign in to the provider</button></p>
</form></body></html>`);
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`interaction failed: ${(err as Error).message}`);
    }
  });

  return state;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
