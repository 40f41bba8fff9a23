import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/*
 * The ALTCHA widget, registered as <altcha-widget>, loaded by the captcha field alone (a chunk of its own).
 * Its default bundle starts its proof-of-work workers from blob: addresses, which the server's
 * Content-Security-Policy refuses (scripts from 'self' only); the external build leaves the workers to us,
 * and Vite serves this one as a script of our own. PBKDF2/SHA-256 is the only algorithm the server's
 * challenges use (apps/server/src/modules/portals/external/captcha.ts).
 */
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
