/**
 * Just enough of a browser for the sign-in: it follows redirects, keeps cookies and posts forms, so a test
 * drives the sandbox's pages the way Chromium would.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** Follows redirects from `url` until a page answers or the browser is sent to `stopAt`. */
  async visit(url: string, stopAt: string, init: RequestInit = {}): Promise<Visit> {
    let next = new URL(url);
    let request = init;
    for (let hops = 0; hops < 10; hops++) {
      if (next.href.startsWith(stopAt)) return { url: next.href, status: 302, html: '' };
      const response = await fetch(next, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), cookie: this.cookieHeader() },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) this.cookies.set(name.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      if (!location) return { url: next.href, status: response.status, html: await response.text() };
      next = new URL(location, next);
      request = {};
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  /** Submits the page's form (its action) with these fields. */
  submit(page: Visit, fields: Record<string, string>, stopAt: string): Promise<Visit> {
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
    if (!action) throw new Error(`No form on ${page.url}`);
    return this.visit(new URL(action, page.url).href, stopAt, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type Visit = { url: string; status: number; html: string };
