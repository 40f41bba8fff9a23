import { count } from 'drizzle-orm';
import { seedDemoCaseConference } from './demo-case-conference.ts';
import { seedDemoFormTemplates } from './demo-form-templates.ts';
import { seedDemoReportTemplates } from './demo-report-templates.ts';
import type { Database, Queryable } from '../database.ts';
import { establishments } from '../schema/establishments.ts';
import { specialties } from '../schema/people.ts';
import { healthNetworks } from '../schema/portals.ts';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  createReferral,
  createUser as createUserRow,
  type Establishment,
  type Patient,
  type User,
} from '../factories/factories.ts';
import { createSampler } from '../factories/sample-data.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { seedWaitingTimesHistory } from './demo-waiting-times.ts';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import type { Role } from '@referrals/domain/people/people-codes';

const ALL_PERMISSIONS = ['manage_referral', 'add_referral', 'accept_referral', 'administer_referral'];

/** The demo runs on a database that has no establishment yet, i.e. on first start. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(establishments);
  return (row?.n ?? 0) === 0;
}

/**
 * Realistic demo data: a general practice, a specialist clinic, a hospital with departments and a
 * personal space; a user of each kind; patients; and referrals in every common state. One transaction,
 * so a failed seed leaves an empty database that the next start seeds again.
 */
export async function seedDemoData(db: Database, options: { demoPassword: string }): Promise<void> {
  // Hashed before the transaction: each hash takes tens of milliseconds by design.
  const passwordHash = await hashPassword(options.demoPassword);
  await db.transaction(async (tx) => {
    const s = createSampler();
    const places = await seedEstablishments(tx);
    const people = await seedPeople(tx, places, passwordHash);
    const harbourPatients: Patient[] = [];
    harbourPatients.push(
      await createPatient(
        tx,
        {
          establishment_id: places.practice.id,
          doctor_id: people.gp.id,
          user_id: people.patient.id,
          title: 'MS',
          first_name: 'Emily',
          last_name: 'Watson',
          dob: '1987-04-12',
          sex_at_birth: 'F',
          sex: 'F',
          email: 'patient@demo.test',
          address1: '14 Darling Street',
          city: 'Balmain',
          state: 'NSW',
          postcode: '2041',
        },
        s,
      ),
    );
    for (let i = 0; i < 14; i++) {
      harbourPatients.push(
        await createPatient(tx, { establishment_id: places.practice.id, doctor_id: people.gp.id }, s),
      );
    }
    await seedReferrals(tx, places, people, harbourPatients, s);
    // Half a year of history behind the waiting times of Cardiology and of the clinic (its network's),
    // referred by three practices of the area that have no staff in the demo.
    const referrers = [];
    for (const [name, city, postcode] of [
      ['Lane Cove Family Practice', 'Lane Cove', '2066'],
      ['Mosman Village Medical', 'Mosman', '2088'],
      ['Chatswood Doctors', 'Chatswood', '2067'],
    ] as const) {
      const practice = await createEstablishment(
        tx,
        { name, type: 'PR', city, state: 'NSW', postcode, accepts_in_app_referrals: false },
        s,
      );
      const patients = [];
      for (let i = 0; i < 6; i++)
        patients.push(await createPatient(tx, { establishment_id: practice.id }, s));
      referrers.push({ practice, patients });
    }
    for (const [to, assignee] of [
      [places.cardiology, people.hospitalHead],
      [places.clinic, people.specialist],
    ] as const) {
      await seedWaitingTimesHistory(tx, { from: referrers, to, assignee, s });
    }
    await seedDemoFormTemplates(tx, places.clinic.id);
    await seedDemoReportTemplates(tx, places.clinic.id);
  });
}

const DEMO_NETWORK = {
  code: 'NSHN',
  name: 'Northern Sydney Health Network',
  slug: 'northern-sydney-health',
  portal_enabled: true,
  portal_sender_types: ['PATIENT', 'PROVIDER'],
  portal_colour: '#5f3dc4',
  portal_intro: 'Refer a patient to any of our community and specialist services on the North Shore.',
};

async function seedEstablishments(tx: Queryable) {
  const practice = await createEstablishment(tx, {
    name: 'Harbourside Family Medical Practice',
    slug: 'harbourside-family-medical',
    type: 'PR',
    address1: '221 Darling Street',
    city: 'Balmain',
    state: 'NSW',
    postcode: '2041',
    phone1: '(02) 9810 4471',
    email: 'reception@harbourside.example',
    website: 'https://harbourside.example',
    accepts_join_requests: true,
    allows_shared_inbox_access: true,
  });
  const clinic = await createEstablishment(tx, {
    name: 'North Shore Heart Clinic',
    slug: 'north-shore-heart-clinic',
    type: 'CL',
    address1: 'Suite 4, 12 Pacific Highway',
    city: 'St Leonards',
    state: 'NSW',
    postcode: '2065',
    phone1: '(02) 9439 2210',
    email: 'referrals@northshoreheart.example',
    description: 'Consultant cardiology: chest pain, arrhythmia, heart failure and echocardiography.',
    allows_shared_inbox_access: true,
    allows_cpl_and_shared_outbox_access: true,
    case_conferences_enabled: true,
    accepts_join_requests: true,
    // The demo's receiver of advice and guidance requests: the wizard offers the type for it.
    accepts_advice_and_guidance: true,
    // Its intake address takes mail from the demo practice and from a fax service's fax-to-email
    // (`npm run mail:sample`; docs/import-queue.md).
    intake_sender_domains: ['harbourside.example', 'faxmail.example'],
    // Its public referral portal at /refer/north-shore-heart-clinic takes referrals from patients, carers
    // and health professionals without an account (docs/portals.md).
    portal_enabled: true,
    portal_sender_types: ['PATIENT', 'PROVIDER'],
    portal_colour: '#0b7285',
    portal_intro: 'Refer to our cardiologists: tell us about the patient and attach any letters or results.',
    health_organisation_network: DEMO_NETWORK.code,
    // The network's view of waiting times includes it (docs/analytics.md).
    shares_waiting_times: true,
  });
  // The demo network's second service, which takes referrals through its portal only.
  await createEstablishment(tx, {
    name: 'Lower North Shore Physiotherapy',
    slug: 'lower-north-shore-physiotherapy',
    type: 'CL',
    address1: '88 Alexander Street',
    city: 'Crows Nest',
    state: 'NSW',
    postcode: '2065',
    phone1: '(02) 9906 3380',
    email: 'hello@lnsphysio.example',
    accepts_in_app_referrals: false,
    portal_enabled: true,
    portal_sender_types: ['PATIENT', 'PROVIDER'],
    portal_intro: 'Physiotherapy after surgery, injury or a cardiac event.',
    health_organisation_network: DEMO_NETWORK.code,
  });
  // Its portal at /refer/northern-sydney-health offers both services under the network's branding
  // (docs/portals.md, Health network portals).
  await tx.insert(healthNetworks).values(DEMO_NETWORK);
  const hospital = await createEstablishment(tx, {
    name: 'Royal Eastern Hospital',
    slug: 'royal-eastern-hospital',
    type: 'HL',
    address1: '300 Grattan Street',
    city: 'Parkville',
    state: 'VIC',
    postcode: '3050',
    phone1: '(03) 9342 7000',
    email: 'outpatients@royaleastern.example',
    sms_enabled: true,
    case_conferences_enabled: true,
    accepts_join_requests: true,
  });
  const departments: Record<string, Establishment> = {};
  // Hospital in the Home gives the medicines it is referred for, so it takes digital medication orders: the
  // demo's receiver with the wizard's medication-order page (section 4).
  for (const name of [
    'Cardiology',
    'Orthopaedics',
    'Endocrinology',
    'Mental Health',
    'Hospital in the Home',
  ]) {
    departments[name] = await createEstablishment(tx, {
      name,
      type: 'DT',
      hospital_id: hospital.id,
      address1: hospital.address1,
      city: hospital.city,
      state: hospital.state,
      postcode: hospital.postcode,
      email: `${name.toLowerCase().replace(/\s+/g, '-')}@royaleastern.example`,
      accepts_join_requests: true,
      digital_ordering: name === 'Hospital in the Home',
    });
  }
  const personal = await createEstablishment(tx, {
    name: 'Dr James Chen (Professional)',
    type: 'PA',
    city: 'St Leonards',
    state: 'NSW',
    postcode: '2065',
    is_approved: true,
    is_verified: true,
    accepts_in_app_referrals: false,
  });
  return {
    practice,
    clinic,
    hospital,
    cardiology: departments.Cardiology as Establishment,
    departments,
    personal,
  };
}

type Places = Awaited<ReturnType<typeof seedEstablishments>>;

async function seedPeople(tx: Queryable, places: Places, passwordHash: string) {
  // Every demo account signs in with DEMO_PASSWORD and has a verified email address.
  const createUser = (q: Queryable, values: Parameters<typeof createUserRow>[1]) =>
    createUserRow(q, { password_hash: passwordHash, email_verified_at: new Date(), ...values });
  const gp = await createUser(tx, {
    email: 'gp@demo.test',
    title: 'DR',
    first_name: 'Sarah',
    last_name: 'Mitchell',
    role: 'GP',
    ahpra_num: 'MED0001234567',
    provider_num_list: ['2426621B'],
    default_provider_num: '2426621B',
    current_establishment_id: places.practice.id,
  });
  await createEmployment(tx, {
    user_id: gp.id,
    establishment_id: places.practice.id,
    priority: 1,
    permissions: ['manage_referral', 'add_referral'],
    has_shared_inbox_access: true,
  });

  const specialist = await createUser(tx, {
    email: 'specialist@demo.test',
    title: 'DR',
    first_name: 'James',
    last_name: 'Chen',
    role: 'SP',
    ahpra_num: 'MED0007654321',
    current_establishment_id: places.clinic.id,
  });
  await createEmployment(tx, {
    user_id: specialist.id,
    establishment_id: places.clinic.id,
    priority: 1,
    permissions: ['manage_referral', 'add_referral', 'accept_referral'],
  });
  await createEmployment(tx, {
    user_id: specialist.id,
    establishment_id: places.personal.id,
    priority: 3,
    permissions: ['manage_referral', 'add_referral', 'accept_referral'],
  });
  await tx
    .insert(specialties)
    .values({ user_id: specialist.id, priority: 1, practice: 'CARDIOLOGY', field: 'Heart failure' });

  const pm = await createUser(tx, {
    email: 'pm@demo.test',
    title: 'MS',
    first_name: 'Karen',
    last_name: "O'Brien",
    role: 'PM',
    sub_role: 'AC',
    current_establishment_id: places.practice.id,
  });
  await createEmployment(tx, {
    user_id: pm.id,
    establishment_id: places.practice.id,
    priority: 1,
    permissions: ALL_PERMISSIONS,
    is_account_holder: true,
    has_shared_inbox_access: true,
    has_shared_outbox_access: true,
  });

  const pa = await createUser(tx, {
    email: 'pa@demo.test',
    title: 'MR',
    first_name: 'Tom',
    last_name: 'Nguyen',
    role: 'PA',
    current_establishment_id: places.clinic.id,
  });
  await createEmployment(tx, {
    user_id: pa.id,
    establishment_id: places.clinic.id,
    priority: 1,
    permissions: ['manage_referral', 'accept_referral'],
    has_shared_inbox_access: true,
    has_shared_outbox_access: true,
  });

  const hospitalHead = await createUser(tx, {
    email: 'hospital@demo.test',
    title: 'DR',
    first_name: 'Aisha',
    last_name: 'Rahman',
    role: 'SP',
    ahpra_num: 'MED0003141592',
    current_establishment_id: places.cardiology.id,
  });
  await createEmployment(tx, {
    user_id: hospitalHead.id,
    establishment_id: places.cardiology.id,
    priority: 1,
    permissions: ALL_PERMISSIONS,
    is_head_of_department: true,
    has_special_access: true,
    has_shared_inbox_access: true,
  });
  await tx.insert(specialties).values({
    user_id: hospitalHead.id,
    priority: 1,
    practice: 'CARDIOLOGY',
    field: 'Interventional cardiology',
  });

  const patient = await createUser(tx, {
    email: 'patient@demo.test',
    user_type: 'patient',
    title: 'MS',
    first_name: 'Emily',
    last_name: 'Watson',
    role: null,
    dob: '1987-04-12',
  });
  // The PA also has a personal space: switching to it shows the limited mode of section 2.
  const paPersonal = await createEstablishment(tx, {
    name: 'Tom Nguyen (Professional)',
    type: 'PA',
    city: 'St Leonards',
    state: 'NSW',
    postcode: '2065',
    is_approved: true,
    is_verified: true,
  });
  await createEmployment(tx, {
    user_id: pa.id,
    establishment_id: paPersonal.id,
    priority: 3,
    permissions: ['manage_referral'],
  });

  // The platform administrator approves and verifies new establishments; they work at none of them.
  await createUser(tx, {
    email: 'admin@demo.test',
    title: 'MR',
    first_name: 'Sam',
    last_name: 'Fletcher',
    role: 'PM',
    sub_role: 'OM',
    is_platform_admin: true,
  });

  for (const member of STAFF) {
    const user = await createUser(tx, {
      email: member.email,
      title: member.title,
      first_name: member.first_name,
      last_name: member.last_name,
      role: member.role,
      current_establishment_id: places[member.at].id,
    });
    await createEmployment(tx, {
      user_id: user.id,
      establishment_id: places[member.at].id,
      priority: 1,
      status: member.status ?? 'APPROVED',
      is_verified_employee: member.status === undefined,
      is_account_holder: member.role === 'PM',
      actioned_by: member.status === 'REQUESTED' ? 'DOCTOR' : 'ESTABLISHMENT',
      permissions: member.role === 'PM' ? ALL_PERMISSIONS : defaultPermissionsFor(member.role),
      has_shared_inbox_access: member.role === 'PA' || member.role === 'PM',
      has_shared_outbox_access: member.role === 'PA' || member.role === 'PM',
    });
  }
  return { gp, specialist, pm, pa, hospitalHead, patient };
}

/**
 * The rest of the staff, so that each of the two main establishments has someone of every role (section 6
 * Roles), plus a GP's pending request to join Harbourside for its account holder to answer. They sign in
 * with the demo password too.
 */
const STAFF: {
  email: string;
  title: string;
  first_name: string;
  last_name: string;
  role: Role;
  at: 'practice' | 'clinic';
  status?: 'REQUESTED';
}[] = [
  {
    email: 'priya.patel@demo.test',
    title: 'MS',
    first_name: 'Priya',
    last_name: 'Patel',
    role: 'GPP',
    at: 'practice',
  },
  {
    email: 'michael.russo@demo.test',
    title: 'DR',
    first_name: 'Michael',
    last_name: 'Russo',
    role: 'SP',
    at: 'practice',
  },
  {
    email: 'lucy.tran@demo.test',
    title: 'DR',
    first_name: 'Lucy',
    last_name: 'Tran',
    role: 'SPT',
    at: 'practice',
  },
  {
    email: 'jessica.hall@demo.test',
    title: 'MS',
    first_name: 'Jessica',
    last_name: 'Hall',
    role: 'PA',
    at: 'practice',
  },
  {
    email: 'ben.cooper@demo.test',
    title: 'DR',
    first_name: 'Ben',
    last_name: 'Cooper',
    role: 'GP',
    at: 'practice',
    status: 'REQUESTED',
  },
  {
    email: 'linda.park@demo.test',
    title: 'MS',
    first_name: 'Linda',
    last_name: 'Park',
    role: 'PM',
    at: 'clinic',
  },
  {
    email: 'robert.king@demo.test',
    title: 'DR',
    first_name: 'Robert',
    last_name: 'King',
    role: 'GP',
    at: 'clinic',
  },
  {
    email: 'helen.brooks@demo.test',
    title: 'MS',
    first_name: 'Helen',
    last_name: 'Brooks',
    role: 'GPP',
    at: 'clinic',
  },
  {
    email: 'omar.haddad@demo.test',
    title: 'DR',
    first_name: 'Omar',
    last_name: 'Haddad',
    role: 'SPT',
    at: 'clinic',
  },
];

async function seedReferrals(
  tx: Queryable,
  places: Places,
  people: { gp: User; specialist: User; hospitalHead: User },
  patientsList: Patient[],
  s: ReturnType<typeof createSampler>,
) {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const receivers = [
    { to: places.clinic, assignee: people.specialist },
    { to: places.cardiology, assignee: people.hospitalHead },
    { to: places.departments.Orthopaedics as Establishment, assignee: null },
    { to: places.departments.Endocrinology as Establishment, assignee: null },
  ];
  const spread: { status: string; ageDays: number; appointmentInDays?: number; priority?: string }[] = [
    { status: 'SBMT', ageDays: 0.2, priority: 'URGENT' },
    { status: 'SBMT', ageDays: 1 },
    { status: 'SBMT', ageDays: 3 },
    { status: 'VWD', ageDays: 4 },
    { status: 'VWD', ageDays: 6 },
    { status: 'ACPT', ageDays: 9 },
    { status: 'ACPT', ageDays: 12 },
    { status: 'SCHDL', ageDays: 15, appointmentInDays: 7 },
    { status: 'SCHDL', ageDays: 20, appointmentInDays: 2 },
    { status: 'WLST', ageDays: 30 },
    { status: 'RTRN', ageDays: 35 },
    { status: 'SBMT', ageDays: 40 },
  ];
  for (const [i, item] of spread.entries()) {
    const receiver = receivers[i % receivers.length] as (typeof receivers)[number];
    const patient = patientsList[i % patientsList.length] as Patient;
    const referral = await createReferral(tx, {
      status: item.status,
      patient_id: patient.id,
      referrer_id: people.gp.id,
      from_establishment_id: places.practice.id,
      to_establishment_id: receiver.to.id,
      assignee_id: receiver.assignee?.id ?? null,
      no_named_specialist: receiver.assignee === null,
      referrer_provider_num: '2426621B',
      submitted_at: new Date(now - item.ageDays * day),
      triage_priority: item.priority ?? null,
      ...(item.appointmentInDays !== undefined
        ? {
            appointment_date: new Date(now + item.appointmentInDays * day),
            appointment_location: 'Consulting room 3',
          }
        : {}),
    });
    // The scheduled referral to the clinic has a case conference under way.
    if (item.status === 'SCHDL' && receiver.to.id === places.clinic.id) {
      await seedDemoCaseConference(tx, referral, people);
    }
  }
  // Drafts the GP has started, and a manual referral recorded by the clinic from a faxed letter.
  for (let i = 0; i < 2; i++) {
    await createReferral(tx, {
      status: 'DRFT',
      patient_id: (patientsList[12 + i] as Patient).id,
      referrer_id: people.gp.id,
      from_establishment_id: places.practice.id,
      to_establishment_id: places.clinic.id,
    });
  }
  await createReferral(tx, {
    type: 'MANUAL',
    status: 'SBMT',
    patient_id: (patientsList[s.int(1, patientsList.length - 1)] as Patient).id,
    to_establishment_id: places.clinic.id,
    submitted_at: new Date(now - 2 * day),
  });
}
