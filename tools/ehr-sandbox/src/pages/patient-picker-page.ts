import { escapeHtml, renderPage } from './page-frame.ts';

export type PatientChoice = { id: string; name: string; born: string };

/** A standalone launch's patient: the app asked for launch/patient and the record asks which one. */
export function renderPatientPickerPage(options: {
  action: string;
  patients: PatientChoice[];
  error?: string;
}): string {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const choices = options.patients
    .map(
      (patient) => `<div class="choice">
    <input type="radio" id="patient-${escapeHtml(patient.id)}" name="patient" value="${escapeHtml(patient.id)}" required${invalid}>
    <label for="patient-${escapeHtml(patient.id)}">${escapeHtml(patient.name)}, born ${escapeHtml(patient.born)}</label>
  </div>`,
    )
    .join('\n  ');
  return renderPage({
    heading: 'Choose a patient',
    narrow: true,
    body: `<h1>Choose a patient</h1>
<p class="muted">Referrals asked for a patient. Choose whose record it opens.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : ''}
  <fieldset>
  <legend>Patient</legend>
  ${choices}
  </fieldset>
  <button type="submit">Continue</button>
</form>`,
  });
}
