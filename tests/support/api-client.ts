/**
 * A browser-like API client: keeps cookies, and sends the CSRF cookie back in X-CSRFToken on
 * mutating calls as the web app does (unless told not to).
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (cookies shared) calling another address: one instance behind a proxy. */
  at(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, this.headers, this.cookies);
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    /** csrf: send the token (default: on every method but GET), or not. */
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
    // Tests read answers field by field and assert on them: untyped JSON is the honest type.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; headers: Headers; raw: string }> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = this.cookies.get('csrftoken');
    if ((options.csrf ?? method !== 'GET') && csrf) headers['x-csrftoken'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some(
        (a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const raw = await response.text();
    let parsed: unknown = raw;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers, raw };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.call('PUT', path, body ?? {});
  delete = (path: string, body?: unknown) => this.call('DELETE', path, body ?? {});
  /** The spec's log-out is a GET, which needs the CSRF token like a mutating call. */
  logOut = () => this.call('GET', '/api/auth/log-out', undefined, { csrf: true });

  /** Gets the CSRF cookie the way the app does on its first call. */
  async hail(): Promise<this> {
    await this.get('/api/account/hail');
    return this;
  }
}
