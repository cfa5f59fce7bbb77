/** Who the bench signs in as. */
export interface BenchLogin {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
}

/**
 * The REST API as the web app calls it, signing in again when the access token expires mid-run. Answers the
 * parsed JSON, and throws on any error status with the answer's text.
 */
export function benchApiClient(login: BenchLogin) {
  let token = '';
  const signIn = async () => {
    const response = await fetch(`${login.baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.adminEmail, password: login.adminPassword }),
    });
    token = ((await response.json()) as { accessToken: string }).accessToken;
  };
  const call = async <T>(method: string, path: string, body?: unknown, retried = false): Promise<T> => {
    if (!token) await signIn();
    const response = await fetch(`${login.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401 && !retried) {
      token = '';
      return call(method, path, body, true);
    }
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  return call;
}
