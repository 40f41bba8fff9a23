import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema, HealthSchema } from '@referrals/domain/api';
import {
  DoctorEntryPageSchema,
  DoctorEntrySchema,
  DoctorWriteSchema,
  ProviderPageSchema,
  ProviderSchema,
} from '@referrals/domain/directory/doctor-schemas';
import {
  BackendClientPageSchema,
  BackendClientSchema,
  BackendClientWriteSchema,
} from '@referrals/domain/establishments/backend-client-schemas';
import {
  EstablishmentFullPageSchema,
  EstablishmentSchema,
  EstablishmentWriteSchema,
  PublicEstablishmentPageSchema,
  PublicEstablishmentSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import {
  MaintenanceSchema,
  MaintenanceStatusSchema,
  MaintenanceWriteSchema,
} from '@referrals/domain/maintenance/maintenance-schemas';
import {
  CarerSchema,
  CarerWriteSchema,
  MrnSchema,
  MrnWriteSchema,
  PatientPageSchema,
  PatientSchema,
  PatientSummarySchema,
  PatientWriteSchema,
} from '@referrals/domain/patients/patient-schemas';
import {
  EmploymentInvitationSchema,
  StaffMemberSchema,
  StaffPageSchema,
  StaffUpdateSchema,
} from '@referrals/domain/people/employment-schemas';
import {
  EmploymentSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from '@referrals/domain/profile/profile-schemas';
import {
  ReportPageSchema,
  ReportSchema,
  ReportTemplateSchema,
  ReportWriteSchema,
} from '@referrals/domain/reports/report-schemas';

/**
 * The shapes /api/openapi.json names in `components.schemas`, so that a client generated from it
 * (openapi-typescript) gets one type per shape instead of an anonymous copy in every operation. The names
 * are the API's words, kept in one table here rather than on the schemas in domain so that they stay unique
 * and the domain files keep their shape. A page is one component per kind of result (a generic cannot be).
 */
const NAMED_SHAPES: Record<string, z.ZodType> = {
  Detail: DetailErrorSchema,
  FieldErrors: FieldErrorsSchema,
  Health: HealthSchema,
  Maintenance: MaintenanceSchema,
  MaintenanceStatus: MaintenanceStatusSchema,
  MaintenanceWrite: MaintenanceWriteSchema,
  Profile: ProfileSchema,
  ProfileUpdate: ProfileUpdateSchema,
  Employment: EmploymentSchema,
  EmploymentInvitation: EmploymentInvitationSchema,
  StaffMember: StaffMemberSchema,
  StaffPage: StaffPageSchema,
  StaffUpdate: StaffUpdateSchema,
  Establishment: EstablishmentSchema,
  EstablishmentPage: EstablishmentFullPageSchema,
  EstablishmentWrite: EstablishmentWriteSchema,
  PublicEstablishment: PublicEstablishmentSchema,
  PublicEstablishmentPage: PublicEstablishmentPageSchema,
  BackendClient: BackendClientSchema,
  BackendClientPage: BackendClientPageSchema,
  BackendClientWrite: BackendClientWriteSchema,
  Doctor: DoctorEntrySchema,
  DoctorPage: DoctorEntryPageSchema,
  DoctorWrite: DoctorWriteSchema,
  Provider: ProviderSchema,
  ProviderPage: ProviderPageSchema,
  Patient: PatientSchema,
  PatientSummary: PatientSummarySchema,
  PatientPage: PatientPageSchema,
  PatientWrite: PatientWriteSchema,
  Carer: CarerSchema,
  CarerWrite: CarerWriteSchema,
  Mrn: MrnSchema,
  MrnWrite: MrnWriteSchema,
  Report: ReportSchema,
  ReportPage: ReportPageSchema,
  ReportWrite: ReportWriteSchema,
  ReportTemplate: ReportTemplateSchema,
};

/**
 * Gives the shapes their names in zod's global registry, where the type provider looks for them when it
 * writes the document (a schema with an `id` there becomes a `$ref` to its component). Descriptions already
 * registered are kept.
 */
export function nameSharedSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SHAPES)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
