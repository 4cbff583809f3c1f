/**
 * A real OpenID provider (oidc-provider) for the tests, on loopback: its development login screens
 * accept any login (the password is ignored) and exist only here, never in the product.
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestProvider(input: {
  port: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const issuer = `http://localhost:${input.port}`;
  const clientId = input.clientId ?? 'mes-portal';
  const clientSecret = input.clientSecret ?? 'test-provider-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: input.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // The login typed on the development screen is the subject and the preferred user name.
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: `sub-${id}`, preferred_username: id, email: `${id}@example.test` };
        },
      };
    },
    claims: { openid: ['sub'], profile: ['preferred_username'], email: ['email'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key'] },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
