import type { DocumentReference, Patient, Practitioner } from '@medplum/fhirtypes';
import { displayNameOf, emailOf } from '../practitioner-accounts.ts';
import { formatDate, formatMedicare, formatMoment, patientName } from '../patient-display.ts';
import { documentTitle, filedAt } from '../record-queries.ts';
import { escapeHtml, renderPage } from './page-frame.ts';

export type HomePageOptions = {
  patients: Patient[];
  documents: Map<string, DocumentReference[]>;
  practitioners: Practitioner[];
  fhirBaseUrl: string;
  issuer: string;
  clientId: string;
  referralsUrl: string;
};

/**
 * The record's front page: the practice's patients, a button that launches Referrals for each, and the
 * letters Referrals has filed back for them, so a developer sees a letter arrive.
 */
export function renderHomePage(options: HomePageOptions): string {
  const practitionerOptions = options.practitioners
    .map(
      (p) =>
        `<option value="${escapeHtml(p.id ?? '')}">${escapeHtml(`${displayNameOf(p)} (${emailOf(p)})`)}</option>`,
    )
    .join('');
  const rows = options.patients.map((patient) =>
    patientRow(patient, options.documents.get(patient.id ?? '') ?? []),
  );
  return renderPage({
    heading: 'Sandbox clinical record',
    body: `<h1>Sandbox clinical record</h1>
<p>A pretend Australian general practice record for developing and testing Referrals. Launch Referrals for a patient as the practitioner chosen below; it opens at ${escapeHtml(options.referralsUrl)}.</p>
<form method="post" action="/launches">
  <label for="practitionerId">Practitioner launching Referrals</label>
  <select id="practitionerId" name="practitionerId">${practitionerOptions}</select>
  <h2>Patients</h2>
  <table>
    <thead><tr><th scope="col">Patient</th><th scope="col">Born</th><th scope="col">Medicare number</th><th scope="col">Letters filed by Referrals</th><th scope="col"><span class="visually-hidden">Launch</span></th></tr></thead>
    <tbody>
    ${rows.join('\n    ')}
    </tbody>
  </table>
  <p><button type="submit" name="patientId" value="">Launch Referrals without a patient</button></p>
</form>
<h2>Connection details</h2>
<dl>
  <dt>FHIR base URL (iss)</dt><dd>${escapeHtml(options.fhirBaseUrl)}</dd>
  <dt>Authorization server</dt><dd>${escapeHtml(options.issuer)}</dd>
  <dt>Client id</dt><dd>${escapeHtml(options.clientId)}</dd>
  <dt>Sign-in</dt><dd>any practitioner's email, password <strong>sandbox</strong></dd>
</dl>`,
  });
}

function patientRow(patient: Patient, documents: DocumentReference[]): string {
  const name = patientName(patient);
  const letters = documents.length
    ? `<ul class="letters">${documents
        .map(
          (document) =>
            `<li><a href="/documents/${escapeHtml(document.id ?? '')}">${escapeHtml(documentTitle(document))} (PDF)</a>, ${escapeHtml(formatMoment(filedAt(document)))}</li>`,
        )
        .join('')}</ul>`
    : '<span class="muted">None yet</span>';
  return `<tr>
      <th scope="row">${escapeHtml(name)}</th>
      <td>${escapeHtml(formatDate(patient.birthDate))}</td>
      <td>${escapeHtml(formatMedicare(patient))}</td>
      <td>${letters}</td>
      <td><button type="submit" name="patientId" value="${escapeHtml(patient.id ?? '')}">Launch Referrals<span class="visually-hidden"> for ${escapeHtml(name)}</span></button></td>
    </tr>`;
}
