import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerNotFound, trackRoutes, type RouteTable } from './http/not-found.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { loggerOptions, type LogDestination } from './logging.ts';
import { registerIdentity } from './modules/auth/identity-plugin.ts';
import { staffRoutes } from './modules/admin/staff-routes.ts';
import { doctorListRoutes } from './modules/doctors/doctor-list-routes.ts';
import { doctorRoutes } from './modules/doctors/doctor-routes.ts';
import { directoryRoutes } from './modules/directory/directory-routes.ts';
import { providerRoutes } from './modules/directory/provider-routes.ts';
import { approvalQueueRoutes } from './modules/establishments/approval-queue-routes.ts';
import { brandingLogoRoutes } from './modules/establishments/branding-logo-routes.ts';
import { backendClientRoutes } from './modules/backend-services/backend-client-routes.ts';
import { employmentRoutes } from './modules/employments/employment-routes.ts';
import { primaryEmploymentRoutes } from './modules/profile/primary-employment-routes.ts';
import { establishmentRoutes } from './modules/establishments/establishment-routes.ts';
import { establishmentWriteRoutes } from './modules/establishments/establishment-write-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance-routes.ts';
import { publicEstablishmentRoutes } from './modules/portals/public-establishment-routes.ts';
import { healthNetworkRoutes } from './modules/portals/networks/health-network-routes.ts';
import { publicNetworkRoutes } from './modules/portals/networks/public-network-routes.ts';
import { captchaRoutes } from './modules/portals/external/captcha-routes.ts';
import { draftAttachmentRoutes } from './modules/portals/external/draft-attachment-routes.ts';
import { registerDraftCleanupJob } from './modules/portals/external/expired-draft-cleanup.ts';
import { registerLaunchCleanupJob } from './modules/clinical-record/expired-launch-cleanup.ts';
import { externalDraftRoutes } from './modules/portals/external/external-draft-routes.ts';
import type { JobRunnerSettings } from './jobs/job-runner.ts';
import { registerJobs } from './jobs/register-jobs.ts';
import { createMetrics, registerMetrics } from './modules/metrics/metrics.ts';
import { registerMaintenance } from './http/maintenance.ts';
import { registerMail } from './modules/mail/outbox.ts';
import { registerSms } from './modules/sms/register-sms.ts';
import { registerReminderJobs } from './modules/reminders/reminder-jobs.ts';
import { caseConferenceRoutes } from './modules/case-conferences/case-conference-routes.ts';
import { registerCaseConferenceJobs } from './modules/case-conferences/case-conference-deadlines.ts';
import { registerImportIntake } from './modules/import/intake/register-import-intake.ts';
import { accountLinkRoutes } from './modules/profile/account-link-routes.ts';
import { accountRoutes } from './modules/profile/account-routes.ts';
import { mfaRoutes } from './modules/profile/mfa-routes.ts';
import { patientCarerRoutes } from './modules/patients/patient-carer-routes.ts';
import { patientMrnRoutes } from './modules/patients/patient-mrn-routes.ts';
import { patientRoutes } from './modules/patients/patient-routes.ts';
import { referralAnnotationRoutes } from './modules/referrals/annotations/referral-annotation-routes.ts';
import { referralEmrRoutes } from './modules/referrals/emr/referral-emr-routes.ts';
import { clinicalRecordRoutes } from './modules/clinical-record/clinical-record-routes.ts';
import { emrPatientRoutes } from './modules/clinical-record/emr-patient-routes.ts';
import { verificationCodeRoutes } from './modules/referrals/verification/verification-code-routes.ts';
import { messageTemplateRoutes } from './modules/referrals/message-templates/message-template-routes.ts';
import { referralRoutes } from './modules/referrals/referral-routes.ts';
import { referralSuccessorRoutes } from './modules/referrals/referral-successor-routes.ts';
import { letterRoutes } from './modules/letters/letter-routes.ts';
import { hl7Routes } from './modules/hl7/hl7-routes.ts';
import { supportRequestRoutes } from './modules/help/support-request-routes.ts';
import { myReferralRoutes } from './modules/my-referrals/my-referral-routes.ts';
import { externalFileRoutes } from './modules/external-access/external-file-routes.ts';
import { externalReferralRoutes } from './modules/external-access/external-referral-routes.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { registerNotificationMail } from './modules/notifications/notification-mail.ts';
import { referralActionRoutes } from './modules/referrals/referral-action-routes.ts';
import { referralListRoutes } from './modules/referrals/lists/referral-list-routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics-routes.ts';
import { attachmentRoutes } from './modules/referrals/attachments/attachment-routes.ts';
import { referralFormRoutes } from './modules/referrals/forms/referral-form-routes.ts';
import { reportFileRoutes } from './modules/reports/report-file-routes.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { reportTemplateRoutes } from './modules/reports/report-template-routes.ts';
import { importFileRoutes } from './modules/import/queue/import-file-routes.ts';
import { importQueueRoutes } from './modules/import/queue/import-queue-routes.ts';
import { importConvertRoutes } from './modules/import/convert/convert-routes.ts';
import { hl7UploadRoutes } from './modules/import/hl7/hl7-upload-routes.ts';
import { auditDeniedAccess } from './modules/audit/denied-access.ts';
import { profileImageRoutes } from './modules/profile/profile-image-routes.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { platformSubscriptionRoutes } from './modules/profile/platform-subscription-routes.ts';
import { singleSignOnRoutes } from './modules/profile/single-sign-on-routes.ts';
import { specialAccessRoutes } from './modules/profile/special-access-routes.ts';
import { specialtyRoutes } from './modules/profile/specialty-routes.ts';
import { registerRouteAccess } from './modules/tenancy/route-access.ts';
import { fhirRoutes } from './modules/fhir/fhir-routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerFileStorage } from './modules/files/register-file-storage.ts';
import type { FileStorage } from './modules/files/storage.ts';
import { registerWebApp, runtimeAuthConfig } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Where uploads are stored: DATA_DIR/uploads, or the bucket of FILES_BUCKET. */
    storage: FileStorage;
    routeTable: RouteTable;
  }
}

export type BuildAppOptions = {
  /** An open, migrated database, signed in as the runtime role (db/runtime-role.ts); the caller closes it. */
  database: DatabaseHandle;
  /** Extra routes registered with the product's own (tests of the error envelope use it). */
  withRoutes?: ((app: FastifyInstance) => void) | undefined;
  /** Where the log goes instead of stdout (tests read it to prove what it leaves out). */
  logTo?: LogDestination | undefined;
  /** The job runner's timings (tests shorten the wait before a retry). */
  jobs?: Partial<JobRunnerSettings> | undefined;
};

/** The whole server as a Fastify instance: `inject` in tests, `listen` in main.ts. */
export async function buildApp(config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logTo),
    // Request ids are always made here: a client-sent X-Request-Id could name someone else's request in
    // the audit and the logs. The id is answered in X-Request-Id for support to quote.
    genReqId: () => randomUUID(),
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); otherwise the socket's address.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: answerFrameworkError,
    // On close (SIGTERM), idle kept-alive connections close at once and requests in flight finish; a
    // request that still arrives gets our 503 with Retry-After (http/graceful-close.ts), not Fastify's.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that its hooks see each request as it arrives and it stops listening before any close waits.
  registerGracefulClose(app);
  app.decorate('config', config);

  app.decorate('database', options.database);
  await registerFileStorage(app);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // With an external sign-in provider the web app fetches its discovery and token endpoints itself.
        connectSrc: [
          "'self'",
          ...(config.externalIdentity ? [new URL(config.externalIdentity.issuer).origin] : []),
        ],
        // The referral print view shows the letter PDF it fetched (behind the token) as a blob in a frame.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Without HTTPS on localhost the browser would otherwise be told to refuse plain http next time.
    hsts: config.publicUrl.startsWith('https://'),
  });

  // JSON and the app's index.html are compressed per response, with brotli at a level cheap enough for
  // that: on a page of 10 referrals (8 KB), quality 1 with a 256 KB window takes 30 µs against 65 µs at
  // quality 2 and 90 µs at quality 4 with the default 4 MB window, for answers 6% and 13% larger (1.9 KB
  // against 1.8 and 1.7); on a page of 50 the sizes are within 4%. Compression was a tenth of the server's
  // CPU on an inbox page at quality 2 (bench/referral-lists.ts). The built assets carry their own .br and
  // .gz made at build time (plugins/web-app.ts).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });

  const knownPaths = trackRoutes(app);
  app.decorate('routeTable', knownPaths.routes);
  registerErrorHandler(app);
  // Uploads stream through our own size check (file-store.ts); one byte over the limit is enough to see.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, parts: 10 } });
  registerRouteAccess(app);
  registerMaintenance(app);
  const metrics = createMetrics();
  registerMetrics(app, metrics);
  await registerOpenApi(app, config.publicUrl);
  registerJobs(app, options.jobs, metrics.jobFailed);
  registerMail(app);
  registerSms(app);
  registerNotificationMail(app);
  registerReminderJobs(app);
  registerImportIntake(app);
  registerDraftCleanupJob(app);
  registerLaunchCleanupJob(app);
  registerCaseConferenceJobs(app);
  await registerIdentity(app);
  await app.register(healthRoutes);
  await app.register(maintenanceRoutes);
  await app.register(profileRoutes);
  await app.register(accountRoutes);
  await app.register(accountLinkRoutes);
  await app.register(specialtyRoutes);
  await app.register(specialAccessRoutes);
  await app.register(platformSubscriptionRoutes);
  await app.register(singleSignOnRoutes);
  await app.register(mfaRoutes);
  await app.register(profileImageRoutes);
  await app.register(establishmentRoutes);
  await app.register(establishmentWriteRoutes);
  await app.register(brandingLogoRoutes);
  await app.register(backendClientRoutes);
  await app.register(publicEstablishmentRoutes);
  await app.register(externalDraftRoutes);
  await app.register(draftAttachmentRoutes);
  await app.register(captchaRoutes);
  await app.register(publicNetworkRoutes);
  await app.register(approvalQueueRoutes);
  await app.register(doctorListRoutes);
  await app.register(doctorRoutes);
  await app.register(directoryRoutes);
  await app.register(healthNetworkRoutes);
  await app.register(providerRoutes);
  await app.register(employmentRoutes);
  await app.register(primaryEmploymentRoutes);
  await app.register(staffRoutes);
  auditDeniedAccess(app, [
    { prefix: '/api/patients/:id/', action: 'patient.access-denied', resourceType: 'patient' },
    { prefix: '/api/referrals/:id/', action: 'referral.access-denied', resourceType: 'referral' },
  ]);
  await app.register(patientRoutes);
  await app.register(patientCarerRoutes);
  await app.register(patientMrnRoutes);
  await app.register(referralRoutes);
  await app.register(referralSuccessorRoutes);
  await app.register(letterRoutes);
  await app.register(hl7Routes);
  await app.register(notificationRoutes);
  await app.register(myReferralRoutes);
  await app.register(externalReferralRoutes);
  await app.register(externalFileRoutes);
  await app.register(supportRequestRoutes);
  await app.register(referralActionRoutes);
  await app.register(referralListRoutes);
  await app.register(analyticsRoutes);
  await app.register(attachmentRoutes);
  await app.register(referralFormRoutes);
  await app.register(reportRoutes);
  await app.register(reportTemplateRoutes);
  await app.register(reportFileRoutes);
  await app.register(caseConferenceRoutes);
  await app.register(referralAnnotationRoutes);
  await app.register(referralEmrRoutes);
  await app.register(clinicalRecordRoutes);
  await app.register(emrPatientRoutes);
  await app.register(fhirRoutes);
  await app.register(verificationCodeRoutes);
  await app.register(messageTemplateRoutes);
  await app.register(importQueueRoutes);
  await app.register(importFileRoutes);
  await app.register(importConvertRoutes);
  await app.register(hl7UploadRoutes);
  options.withRoutes?.(app);

  const spaFallback = await registerWebApp(app, config.webDist, {
    flags: config.flags,
    support_email: config.supportEmail,
    version: APP_VERSION,
    auth: runtimeAuthConfig(config),
  });
  registerNotFound(app, knownPaths, spaFallback);
  return app;
}
