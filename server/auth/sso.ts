/** OpenID Connect relying party (openid-client): discovery once, then PKCE authorization code logins. */
import * as oidc from 'openid-client';
import type { OidcConfig } from '../config';

export interface SsoIdentity {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

export interface SsoClient {
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /** Exchanges the code at the provider, checking state, nonce, PKCE, issuer and audience. */
  finish(input: { currentUrl: URL; verifier: string; state: string; nonce: string }): Promise<SsoIdentity>;
}

export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oidc.randomPKCECodeVerifier();
  return { verifier, challenge: await oidc.calculatePKCECodeChallenge(verifier) };
}

export const randomState = () => oidc.randomState();
export const randomNonce = () => oidc.randomNonce();

/** Discovers the provider on first use (the portal starts even while the provider is down) and caches it. */
export function ssoClient(config: OidcConfig): SsoClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        undefined,
        config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((e: unknown) => {
        discovered = null; // try again on the next login
        throw e;
      });
    return discovered;
  };
  return {
    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: config.scope,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async finish({ currentUrl, verifier, state, nonce }) {
      const cfg = await configuration();
      const tokens = await oidc.authorizationCodeGrant(cfg, currentUrl, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider answered no id token');
      const merged: Record<string, unknown> = { ...claims };
      // Many providers keep profile claims out of the id token; the userinfo endpoint has them.
      if (merged[config.claim] === undefined && tokens.access_token) {
        const info = await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub);
        for (const [k, v] of Object.entries(info)) if (merged[k] === undefined) merged[k] = v;
      }
      return { issuer: String(claims.iss), subject: String(claims.sub), claims: merged };
    },
  };
}
