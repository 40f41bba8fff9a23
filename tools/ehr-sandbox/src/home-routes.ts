import type { FastifyInstance } from 'fastify';
import type { MemoryRepository } from '@medplum/fhir-router';
import type { Binary, DocumentReference } from '@medplum/fhirtypes';
import type { Launch, LaunchRequest } from './ehr-launch.ts';
import { renderHomePage, type HomePageOptions } from './pages/home-page.ts';
import { renderPage, sendPage } from './pages/page-frame.ts';
import { listFiledDocuments, listPatients } from './record-queries.ts';
import { PRACTITIONERS } from './seed/practitioners.ts';

const NOT_FOUND = renderPage({
  heading: 'Document not found',
  body: '<h1>Document not found</h1><p>The sandbox has no such document; a reset or restart clears filed letters.</p><p><a href="/">Back to the patients</a></p>',
});

/** The record's pages: the patients with their launch buttons and filed letters, and each letter's PDF. */
export function registerHomeRoutes(
  app: FastifyInstance,
  options: Omit<HomePageOptions, 'patients' | 'documents' | 'practitioners'> & {
    repo: MemoryRepository;
    createLaunch: (request: LaunchRequest) => Launch;
  },
): void {
  const { repo, createLaunch, ...page } = options;

  app.get('/', async (_request, reply) =>
    sendPage(
      reply,
      200,
      renderHomePage({
        ...page,
        patients: await listPatients(repo),
        documents: await listFiledDocuments(repo),
        practitioners: PRACTITIONERS,
      }),
    ),
  );

  app.post<{ Body: { patientId?: string; practitionerId?: string } }>('/launches', async (request, reply) => {
    const { launchUrl } = createLaunch({
      patientId: request.body?.patientId || null,
      ...(request.body?.practitionerId ? { practitionerId: request.body.practitionerId } : {}),
    });
    return reply.redirect(launchUrl, 303);
  });

  app.get<{ Params: { id: string } }>('/documents/:id', async (request, reply) => {
    const content = await documentContent(repo, request.params.id);
    if (!content) return sendPage(reply, 404, NOT_FOUND);
    return reply.type(content.contentType).header('cache-control', 'no-store').send(content.bytes);
  });
}

/** The letter itself: inline in the DocumentReference, or in the Binary its attachment points to. */
async function documentContent(
  repo: MemoryRepository,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const document = await repo.readResource<DocumentReference>('DocumentReference', id).catch(() => undefined);
  const attachment = document?.content[0]?.attachment;
  if (!attachment) return undefined;
  if (attachment.data)
    return {
      contentType: attachment.contentType ?? 'application/pdf',
      bytes: Buffer.from(attachment.data, 'base64'),
    };
  const binaryId = /(?:^|\/)Binary\/([^/?#]+)$/.exec(attachment.url ?? '')?.[1];
  const binary = binaryId
    ? await repo.readResource<Binary>('Binary', binaryId).catch(() => undefined)
    : undefined;
  if (!binary?.data) return undefined;
  return { contentType: binary.contentType, bytes: Buffer.from(binary.data, 'base64') };
}
