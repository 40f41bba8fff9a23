// Where mail links to. Lifecycle actions run deep in a transaction with no request at hand, so the public
// address is set once when the app is built (configuration is read once at start-up).
let publicUrl = '';

/** Lets mail link to this deployment (PUBLIC_URL); set once while the app is built. */
export function setMailPublicUrl(url: string): void {
  publicUrl = url;
}

/** The address of a page of this deployment (PUBLIC_URL + path), as mail links to it. */
export const publicAddress = (path: string) => `${publicUrl}${path}`;
